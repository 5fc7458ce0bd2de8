import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * Who a report of a comment comes from, and whose comment it is (docs/community.md "Report weighting"). Free
 * accounts cost nothing to make, so three of them must not be able to hide anyone's comment: a report counts toward
 * automatic hiding by its sender's weight, and a comment of an author in good standing is queued for a moderator
 * instead of hidden.
 */

const DAY_MS = 86_400_000;

/** Reporters moderators overruled (their comment reports dismissed, or the comment restored) count less. */
export const OVERRULED = {
  /** From this many overruled reports, when at least half of their decided reports were overruled: weight 0.5. */
  halfAt: 3,
  /** From this many, when at least 80 % were overruled: weight 0. */
  zeroAt: 5,
} as const;

export const GOOD_STANDING = { minAgeDays: 30, minPublicComments: 3, cleanDays: 90 } as const;

const num = (v: unknown) => Number(v ?? 0);

/**
 * A report's weight: 0 from a guest or an account younger than a day; 0 or 0.5 from a reporter whose comment
 * reports moderators mostly overruled (`dismissed`, which restoring a comment also sets) against those they upheld
 * (`handled`); otherwise 1.
 */
export async function reporterWeight(tx: Tx, memberId: number, now: Date): Promise<number> {
  const { rows } = await tx.execute(sql`select m.is_guest as guest, m.created_at as created,
      (select count(*) from reports r where r.member_id = m.id and r.target_type = 'comment' and r.status = 'dismissed') as overruled,
      (select count(*) from reports r where r.member_id = m.id and r.target_type = 'comment' and r.status = 'handled') as upheld
    from members m where m.id = ${memberId}`);
  const r = rows[0] as { guest: boolean; created: Date | string; overruled: unknown; upheld: unknown } | undefined;
  if (!r || r.guest || now.getTime() - new Date(r.created).getTime() < DAY_MS) return 0;
  const overruled = num(r.overruled);
  const decided = overruled + num(r.upheld);
  if (overruled >= OVERRULED.zeroAt && overruled >= 0.8 * decided) return 0;
  if (overruled >= OVERRULED.halfAt && overruled >= 0.5 * decided) return 0.5;
  return 1;
}

/**
 * A member in good standing: a phone member (not a guest) whose account is at least 30 days old, with at least 3
 * public comments, none of their comments taken down by staff in the last 90 days, not blocked now and not blocked
 * in the last 90 days. Their reported comment stays up and goes to the moderation queue flagged.
 */
export async function inGoodStanding(tx: Tx, memberId: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - GOOD_STANDING.cleanDays * DAY_MS);
  const { rows } = await tx.execute(sql`select m.is_guest as guest, m.created_at as created,
      m.block_id is not null and (m.blocked_until is null or m.blocked_until > ${now.toISOString()}::timestamptz) as blocked,
      (select count(*) from (select 1 from comments c where c.member_id = m.id and c.status in ('published', 'approved')
        limit ${GOOD_STANDING.minPublicComments}) p) as public_comments,
      exists (select 1 from comments c where c.member_id = m.id and c.status = 'removed' and c.reviewed_at > ${since.toISOString()}::timestamptz) as removed_lately,
      exists (select 1 from member_blocks b where b.member_id = m.id and b.created_at > ${since.toISOString()}::timestamptz) as blocked_lately
    from members m where m.id = ${memberId}`);
  const r = rows[0] as
    | {
        guest: boolean;
        created: Date | string;
        blocked: boolean;
        public_comments: unknown;
        removed_lately: boolean;
        blocked_lately: boolean;
      }
    | undefined;
  if (!r || r.guest || r.blocked || r.removed_lately || r.blocked_lately) return false;
  if (now.getTime() - new Date(r.created).getTime() < GOOD_STANDING.minAgeDays * DAY_MS) return false;
  return num(r.public_comments) >= GOOD_STANDING.minPublicComments;
}
