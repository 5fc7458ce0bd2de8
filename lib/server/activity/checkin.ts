import 'server-only';
import { and, eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { CheckinResult } from '@/lib/shared/dto/activity';
import { getDb } from '../db/client';
import { checkins } from '../db/schema';
import { ApiError } from '../core/errors';
import { SERVER_MSG } from '../messages';
import { grantReward } from '../wallet/activity-rewards';
import { businessDayOf } from '@/lib/shared/business-time';
import { lockMemberWallet } from '../wallet/spend';
import { addDays } from './periods';
import { checkinReward, checkinStats, nextStreakDay } from './checkin-stats';

/**
 * POST /v1/checkin (docs/activity.md "Check-in"): one check-in per member and business day, its streak day and
 * reward, paid in the same transaction. However many race, the unique (member, business_day) index lets one row in;
 * the others answer 40900 今天已经签到过了 and write nothing. The member's wallet is locked first, as every payment
 * does, so the member's check-ins and claims queue in one order. Free rewards: no guardian check for minors.
 */
export async function checkIn(memberId: number, now = new Date()): Promise<CheckinResult> {
  const today = businessDayOf(now);
  const paid = await getDb().transaction(async (t) => {
    await lockMemberWallet(t, memberId);
    const [prev] = await t
      .select({ streak: checkins.streakDay })
      .from(checkins)
      .where(and(eq(checkins.memberId, memberId), eq(checkins.businessDay, addDays(today, -1))));
    const streak = nextStreakDay(prev?.streak ?? null);
    const reward = checkinReward(streak);
    const [row] = await t
      .insert(checkins)
      .values({ memberId, businessDay: today, streakDay: streak, rewardType: reward.main.type, amount: reward.main.amount, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: checkins.id });
    if (!row) throw new ApiError(CODES.conflict, SERVER_MSG.checkedInToday);
    await grantReward(t, memberId, reward.main, { kind: 'checkin', key: today }, now);
    if (reward.extra) await grantReward(t, memberId, reward.extra, { kind: 'checkin', key: `${today}:extra` }, now);
    return { streak, reward };
  });
  return {
    streak_day: paid.streak,
    reward: paid.reward.main,
    extra: paid.reward.extra ?? null,
    stats: await checkinStats(memberId, now),
  };
}
