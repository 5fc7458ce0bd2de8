import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { businessDayStartOf } from '@/lib/shared/business-time';
import { CODES } from '@/lib/shared/dto/envelope';
import { DEFAULT_FLAGS, type CommunityRules } from '@/lib/shared/config-flags';
import { SERVER_MSG } from '@/lib/server/messages';
import type { Tx } from '../db/client';
import { comments, members, rateCounters } from '../db/schema';
import { ApiError, invalid } from '../core/errors';
import { cachedFlags } from '../config/flags-cache';
import { normalizeText } from '../moderation/filter';

const DAY_MS = 86_400_000;

/** The community limits staff set (docs/community.md "Limits"), each key falling back to its default. */
export function communityRules(): CommunityRules {
  return { ...DEFAULT_FLAGS.community, ...cachedFlags().community };
}

/** Characters as the reader counts them: code points (an emoji is one, not two UTF-16 units). */
export const charCount = (text: string): number => [...text].length;

/** Long reviews count only what is not whitespace, so padding a review with blanks never reaches the minimum. */
export const reviewCharCount = (text: string): number => charCount(text.replace(/\s+/gu, ''));

/** Digest of the text as the filter sees it, blanks removed: the duplicate-text refusal compares these. */
export function contentHash(text: string): string {
  return createHash('sha256').update(normalizeText(text).replace(/\s+/gu, '')).digest('hex');
}

/**
 * Counts one hit on a per-day counter in the shared rate_counters table, inside the caller's transaction, and
 * refuses past `max`. The upsert locks the member's counter row until the transaction ends, which serialises one
 * member's concurrent reports across processes (comments never meet there: claimWriteSlot keeps them apart); a
 * refused or failed write rolls its hit back with it.
 */
async function hitDaily(tx: Tx, name: string, memberId: number, max: number, now: Date, message: string): Promise<void> {
  const [row] = await tx
    .insert(rateCounters)
    .values({ bucket: `community/${name}:${memberId}`, windowStart: businessDayStartOf(now), hits: 1 })
    .onConflictDoUpdate({ target: [rateCounters.bucket, rateCounters.windowStart], set: { hits: sql`${rateCounters.hits} + 1` } })
    .returning({ hits: rateCounters.hits });
  if (row!.hits > max) throw new ApiError(CODES.rateLimited, message);
}

/**
 * One comment, reply or review write per member at a time (docs/community.md "Parallel writes"): a transaction-level
 * advisory lock on the member, taken without waiting. A write that finds another of the same member's in flight is
 * refused at once with 42900 — with an interval set it would be too fast anyway. Queueing instead held a pooled
 * connection per waiting write, so one member's burst could starve everyone else's requests, and waits past the
 * pool's lock limit answered 503. Taking it again in the same transaction is harmless (PostgreSQL counts it).
 */
export async function claimWriteSlot(tx: Tx, memberId: number): Promise<void> {
  const { rows } = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('community/comments'), ${memberId}) as ok`);
  if ((rows[0] as { ok: boolean }).ok) return;
  const interval = communityRules().comment_interval_s;
  throw new ApiError(CODES.rateLimited, interval > 0 ? SERVER_MSG.commentTooFast(interval) : SERVER_MSG.commentInFlight);
}

/**
 * The limits on one comment, reply or long review (docs/community.md "Limits"), checked inside the write's
 * transaction: the member's write slot, the daily cap (members, accounts younger than a day, guests), then the
 * interval since their last comment and the same text within 24 hours — exact, since no other write of theirs runs.
 */
export async function enforceCommentLimits(tx: Tx, memberId: number, hash: string, now: Date, ignoreId?: number): Promise<void> {
  const rules = communityRules();
  await claimWriteSlot(tx, memberId);
  const [who] = await tx.select({ isGuest: members.isGuest, createdAt: members.createdAt }).from(members).where(eq(members.id, memberId));
  const cap = who?.isGuest
    ? rules.guest_daily_cap
    : who && now.getTime() - who.createdAt.getTime() < DAY_MS
      ? rules.new_account_daily_cap
      : rules.daily_cap;
  await hitDaily(tx, 'comments', memberId, cap, now, SERVER_MSG.commentDailyCap);

  const [last] = await tx
    .select({ createdAt: comments.createdAt })
    .from(comments)
    .where(eq(comments.memberId, memberId))
    .orderBy(desc(comments.createdAt))
    .limit(1);
  const since = last ? now.getTime() - last.createdAt.getTime() : Infinity;
  const gapMs = rules.comment_interval_s * 1000;
  // With no interval set nothing is too fast: a post whose earlier checks took longer than a later one's may find
  // that one's time after its own `now` (a negative gap), which is no reason to refuse it.
  if (gapMs > 0 && since < gapMs)
    throw new ApiError(CODES.rateLimited, SERVER_MSG.commentTooFast(Math.max(1, Math.ceil((gapMs - since) / 1000))));

  const [dup] = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.memberId, memberId),
        eq(comments.contentHash, hash),
        gt(comments.createdAt, new Date(now.getTime() - DAY_MS)),
        ignoreId ? sql`${comments.id} <> ${ignoreId}` : undefined,
      ),
    )
    .limit(1);
  if (dup) throw invalid(SERVER_MSG.commentDuplicate);
}

/** The daily report cap (community.reports_daily_cap), in the report's transaction. */
export async function enforceReportLimit(tx: Tx, memberId: number, now: Date): Promise<void> {
  await hitDaily(tx, 'reports', memberId, communityRules().reports_daily_cap, now, SERVER_MSG.reportDailyCap);
}
