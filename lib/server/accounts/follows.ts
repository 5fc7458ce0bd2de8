import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { FollowStatus } from '@/lib/shared/dto/member-block';
import { MEMBER_TEXT } from '@/lib/shared/member-text';
import { getDb, type DbOrTx } from '../db/client';
import { chapters, memberFollows, members, oauthIdentities } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { chapterPublished } from '../catalog/visibility';
import { log } from '../logger';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { followChecker } from './follow-checker';

/** Whether members follow the official account (docs/members.md "Follow state"). */

/** A member's "我已关注" re-checks the messaging app at most this often. */
export const FOLLOW_RECHECK_MS = 10_000;

export async function isFollowing(memberId: number, db: DbOrTx = getDb()): Promise<boolean> {
  const [row] = await db.select({ followed: memberFollows.followed }).from(memberFollows).where(eq(memberFollows.memberId, memberId));
  return row?.followed ?? false;
}

async function record(db: DbOrTx, memberId: number, followed: boolean, source: 'app' | 'staff', staffId: number | null, now: Date) {
  await db
    .insert(memberFollows)
    .values({ memberId, followed, source, updatedBy: staffId, checkedAt: now })
    .onConflictDoUpdate({ target: memberFollows.memberId, set: { followed, source, updatedBy: staffId, checkedAt: now } });
}

/** The messaging app said so (its user info's `subscribe`, at sign-in or on a re-check). */
export async function recordAppFollow(db: DbOrTx, memberId: number, followed: boolean, now = new Date()): Promise<void> {
  await record(db, memberId, followed, 'app', null, now);
}

/** Staff set it in the console (audited member.follow). */
export async function setFollowByStaff(actor: StaffActor, memberId: number, followed: boolean, now = new Date()): Promise<void> {
  assertCan(actor, 'members');
  await getDb().transaction(async (tx) => {
    const [m] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId));
    if (!m) throw notFound(MEMBER_TEXT.console.errors.memberMissing);
    await record(tx, memberId, followed, 'staff', actor.id, now);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'member.follow',
      targetType: 'member',
      targetId: memberId,
      detail: { followed },
      ip: actor.ip,
    });
  });
}

export async function followState(memberId: number): Promise<{ followed: boolean; source: string; checkedAt: Date } | null> {
  const [row] = await getDb()
    .select({ followed: memberFollows.followed, source: memberFollows.source, checkedAt: memberFollows.checkedAt })
    .from(memberFollows)
    .where(eq(memberFollows.memberId, memberId));
  return row ?? null;
}

/** GET /v1/my/follow */
export async function followStatus(memberId: number): Promise<FollowStatus> {
  return { followed: await isFollowing(memberId), can_check: followChecker() !== null };
}

/**
 * POST /v1/my/follow/refresh — the follow page's "我已关注": asks the messaging app about the member's own openid
 * (their messaging-app sign-in) and records the answer. Without the app configured, or for a member who never
 * signed in through it, nothing is asked and the state stays what staff set: a member cannot declare it.
 */
export async function refreshFollow(memberId: number, now = new Date()): Promise<FollowStatus> {
  const checker = followChecker();
  if (!checker) return followStatus(memberId);
  const state = await followState(memberId);
  if (state?.followed) return { followed: true, can_check: true };
  if (state && now.getTime() - state.checkedAt.getTime() < FOLLOW_RECHECK_MS)
    throw new ApiError(CODES.rateLimited, MEMBER_TEXT.api.followTooFast);
  const [identity] = await getDb()
    .select({ subject: oauthIdentities.subject })
    .from(oauthIdentities)
    .where(and(eq(oauthIdentities.memberId, memberId), eq(oauthIdentities.provider, 'wechat')))
    .orderBy(desc(oauthIdentities.id))
    .limit(1);
  if (!identity) return { followed: false, can_check: true };
  let followed: boolean;
  try {
    followed = await checker.subscribed(identity.subject);
  } catch (err) {
    log('warn', 'follow_check_failed', { memberId, err });
    throw new ApiError(CODES.unavailable, MEMBER_TEXT.api.followUnavailable);
  }
  await recordAppFollow(getDb(), memberId, followed, now);
  return { followed, can_check: true };
}

/** The chapter the follow page returns to (docs/members.md "Follow page"), or null for an unknown id. */
export async function followReturnChapter(articleId: number): Promise<{ id: number; novelId: number; title: string } | null> {
  const [row] = await getDb()
    .select({ id: chapters.id, novelId: chapters.novelId, title: chapters.title })
    .from(chapters)
    // A scheduled chapter's title stays unknown until its time (docs/content.md "Scheduled chapters").
    .where(and(eq(chapters.id, articleId), chapterPublished()));
  return row ?? null;
}
