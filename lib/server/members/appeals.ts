import 'server-only';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { BlockAppeal, BlockStatus } from '@/lib/shared/dto/member-block';
import { MEMBER_TEXT } from '@/lib/shared/member-text';
import { getDb } from '../db/client';
import { memberBlocks, members } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { checkText } from '../moderation/filter';
import { notify } from '../social/notify';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { activeBlock } from '../accounts/current-member';
import { liftInTx } from './blocks';
import { blockedTokensChanged } from './blocked-tokens';

/** The unblock page's calls and the appeal tab of the moderation queue (docs/members.md "Appeals"). */

export const APPEAL_MIN = 5;
export const APPEAL_MAX = 500;
export const REPLY_MAX = 200;
const A = MEMBER_TEXT.api;
const E = MEMBER_TEXT.console.errors;

type BlockRow = typeof memberBlocks.$inferSelect;

function appealOf(row: BlockRow): BlockAppeal | null {
  if (!row.appealStatus || !row.appealText || !row.appealedAt) return null;
  return {
    status: row.appealStatus as BlockAppeal['status'],
    text: row.appealText,
    reply: row.appealReply,
    created_at: row.appealedAt.toISOString(),
  };
}

/** The member's own block in force now, read from the members row (the same columns the session lookup reads). */
async function currentBlockRow(memberId: number, now: Date): Promise<BlockRow | null> {
  const [m] = await getDb()
    .select({ blockId: members.blockId, blockedUntil: members.blockedUntil })
    .from(members)
    .where(eq(members.id, memberId));
  const block = m ? activeBlock(m.blockId, m.blockedUntil, now) : null;
  if (!block) return null;
  const [row] = await getDb()
    .select()
    .from(memberBlocks)
    .where(and(eq(memberBlocks.id, block.id), eq(memberBlocks.memberId, memberId)));
  return row ?? null;
}

/** GET /v1/my/block: the reason, the end (or permanent) and the appeal of the member's block in force. */
export async function blockStatus(memberId: number, now = new Date()): Promise<BlockStatus> {
  const row = await currentBlockRow(memberId, now);
  if (!row) return { blocked: false, reason: null, ends_at: null, permanent: false, appeal: null, can_appeal: false };
  return {
    blocked: true,
    reason: row.reason,
    ends_at: row.endsAt?.toISOString() ?? null,
    permanent: row.endsAt === null,
    appeal: appealOf(row),
    can_appeal: row.appealedAt === null,
  };
}

/**
 * POST /v1/my/block/appeal {content}: one appeal per block, through the comments' word filter (a blocked word is
 * refused; a word listed for review only goes to the moderator, who reads every appeal anyway). The conditional
 * update is the once-per-block rule: a second appeal, or two at once, finds the columns filled.
 */
export async function submitAppeal(memberId: number, content: string, now = new Date()): Promise<BlockStatus> {
  const text = content.trim();
  if (text.length < APPEAL_MIN) throw invalid(A.appealTooShort);
  if (text.length > APPEAL_MAX) throw invalid(A.appealTooLong);
  const row = await currentBlockRow(memberId, now);
  if (!row) throw new ApiError(CODES.conflict, A.notBlocked);
  if (row.appealedAt) throw new ApiError(CODES.conflict, A.appealTwice);
  const verdict = await checkText(text);
  if (verdict.verdict === 'block') throw invalid(A.appealBlockedWords);
  const [updated] = await getDb()
    .update(memberBlocks)
    .set({ appealText: text, appealedAt: now, appealStatus: 'pending' })
    .where(
      and(eq(memberBlocks.id, row.id), eq(memberBlocks.memberId, memberId), isNull(memberBlocks.appealedAt), isNull(memberBlocks.liftedAt)),
    )
    .returning({ id: memberBlocks.id });
  if (!updated) throw new ApiError(CODES.conflict, A.appealTwice);
  return blockStatus(memberId, now);
}

export interface QueueAppeal {
  blockId: number;
  memberId: number;
  nickname: string | null;
  reason: string;
  endsAt: Date | null;
  blockedAt: Date;
  appealText: string;
  appealedAt: Date;
}

const PAGE = 20;
const pendingInForce = (now: Date) =>
  and(
    eq(memberBlocks.appealStatus, 'pending'),
    isNull(memberBlocks.liftedAt),
    or(isNull(memberBlocks.endsAt), gt(memberBlocks.endsAt, now)),
  );

/** The 申诉 tab: pending appeals of blocks still in force, oldest first, 20 a page. */
export async function appealQueue(pageNo = 1, now = new Date()): Promise<{ rows: QueueAppeal[]; hasMore: boolean }> {
  const rows = await getDb()
    .select({
      blockId: memberBlocks.id,
      memberId: memberBlocks.memberId,
      nickname: members.nickname,
      reason: memberBlocks.reason,
      endsAt: memberBlocks.endsAt,
      blockedAt: memberBlocks.createdAt,
      appealText: sql<string>`${memberBlocks.appealText}`,
      appealedAt: sql<Date>`${memberBlocks.appealedAt}`.mapWith(memberBlocks.appealedAt),
    })
    .from(memberBlocks)
    .innerJoin(members, eq(members.id, memberBlocks.memberId))
    .where(pendingInForce(now))
    .orderBy(memberBlocks.appealedAt, memberBlocks.id)
    .limit(PAGE + 1)
    .offset((Math.max(1, pageNo) - 1) * PAGE);
  return { rows: rows.slice(0, PAGE), hasMore: rows.length > PAGE };
}

export async function pendingAppealCount(now = new Date()): Promise<number> {
  const [r] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(memberBlocks)
    .where(pendingInForce(now));
  return r!.n;
}

function requireReply(reply: string | undefined): string {
  const value = (reply ?? '').trim();
  if (!value) throw invalid(E.replyRequired);
  if (value.length > REPLY_MAX) throw invalid(E.replyTooLong);
  return value;
}

/**
 * A moderator answers an appeal: `lift` ends the block (audited member.unblock, via appeal) and marks the appeal
 * accepted; `reject` keeps the block. Either way the member gets the reply as a message, in the same transaction.
 * Only a pending appeal of a block in force can be answered (409 otherwise: a second click, another moderator).
 */
export async function answerAppeal(actor: StaffActor, blockId: number, decision: 'lift' | 'reject', reply: string, now = new Date()) {
  assertCan(actor, 'moderation');
  const text = requireReply(reply);
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(memberBlocks)
      .set({
        appealStatus: decision === 'lift' ? 'accepted' : 'rejected',
        appealReply: text,
        appealHandledBy: actor.id,
        appealHandledAt: now,
      })
      .where(and(eq(memberBlocks.id, blockId), pendingInForce(now)))
      .returning({ memberId: memberBlocks.memberId });
    if (!row) {
      const [exists] = await tx.select({ id: memberBlocks.id }).from(memberBlocks).where(eq(memberBlocks.id, blockId));
      throw exists ? new ApiError(CODES.conflict, E.appealStale) : notFound(E.appealMissing);
    }
    if (decision === 'lift') await liftInTx(tx, actor, row.memberId, text, now, 'appeal');
    else
      await writeAudit(tx, {
        staffId: actor.id,
        action: 'appeal.reject',
        targetType: 'member',
        targetId: row.memberId,
        detail: { block_id: blockId, reply: text },
        ip: actor.ip,
      });
    await notify(tx, {
      memberId: row.memberId,
      kind: 'block_appeal',
      title: decision === 'lift' ? MEMBER_TEXT.notice.appealLiftedTitle : MEMBER_TEXT.notice.appealRejectedTitle,
      body: text,
      refId: blockId,
    });
  });
  if (decision === 'lift') blockedTokensChanged();
}
