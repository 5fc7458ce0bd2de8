import 'server-only';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { ActivitySummary } from '@/lib/shared/dto/activity';
import { getDb } from '../db/client';
import { lotteryChances } from '../db/schema';
import { checkinStats } from './checkin-stats';
import { claimableMissions } from './missions';

/** Lottery chances granted and not yet drawn. */
export async function waitingChances(memberId: number): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(lotteryChances)
    .where(and(eq(lotteryChances.memberId, memberId), isNull(lotteryChances.usedAt)));
  return row?.n ?? 0;
}

/** GET /v1/activity/summary: what /m/events and the home page's daily modal show (docs/activity.md "Calls"). */
export async function activitySummary(memberId: number, now = new Date()): Promise<ActivitySummary> {
  const [checkin, missions_claimable, chances] = await Promise.all([
    checkinStats(memberId, now),
    claimableMissions(memberId, now),
    waitingChances(memberId),
  ]);
  return { checkin, missions_claimable, chances };
}
