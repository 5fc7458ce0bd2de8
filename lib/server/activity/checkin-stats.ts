import 'server-only';
import { and, count, eq, gte } from 'drizzle-orm';
import { CHECKIN_CYCLE_DAYS, CHECKIN_REWARDS } from '@/lib/shared/activity';
import { VOUCHER_VALID_DAYS } from '@/lib/shared/constants';
import type { CheckinDay, CheckinRules, CheckinStats } from '@/lib/shared/dto/activity';
import { getDb, type DbOrTx } from '../db/client';
import { checkins } from '../db/schema';
import { SERVER_MSG } from '../messages';
import { businessDayOf } from '@/lib/shared/business-time';
import { addDays } from './periods';

/** What streak day `day` (1..7) pays. */
export const checkinReward = (day: number) => CHECKIN_REWARDS[day - 1]!;

/**
 * The streak day a check-in today earns (docs/activity.md "Check-in"): one more than yesterday's, back to 1 after
 * the last day of a cycle or a missed day.
 */
export function nextStreakDay(yesterdayStreak: number | null): number {
  return yesterdayStreak !== null && yesterdayStreak < CHECKIN_CYCLE_DAYS ? yesterdayStreak + 1 : 1;
}

/**
 * GET /v1/checkin/stats: check-ins ever, today's state and the current cycle's calendar. The cycle is the one today
 * belongs to: checked in today as streak day s, or due to check in as day s + 1 after yesterday's s; its days
 * before today are the checked ones, today is marked, the rest are the dates they fall on if the streak goes on.
 */
export async function checkinStats(memberId: number, now = new Date(), db: DbOrTx = getDb()): Promise<CheckinStats> {
  const today = businessDayOf(now);
  const yesterday = addDays(today, -1);
  const [rows, [total]] = await Promise.all([
    db
      .select({ day: checkins.businessDay, streak: checkins.streakDay })
      .from(checkins)
      .where(and(eq(checkins.memberId, memberId), gte(checkins.businessDay, yesterday))),
    db.select({ n: count() }).from(checkins).where(eq(checkins.memberId, memberId)),
  ]);
  const todayRow = rows.find((r) => r.day === today);
  const yesterdayRow = rows.find((r) => r.day === yesterday);
  const todayDay = todayRow ? todayRow.streak : nextStreakDay(yesterdayRow?.streak ?? null);
  const streakDay = todayRow ? todayRow.streak : todayDay - 1;
  const cycleStart = addDays(today, -(todayDay - 1));
  const week: CheckinDay[] = Array.from({ length: CHECKIN_CYCLE_DAYS }, (_, i) => {
    const day = i + 1;
    const reward = checkinReward(day);
    return {
      day,
      date: addDays(cycleStart, i),
      reward: reward.main,
      extra: reward.extra ?? null,
      checked: day < todayDay || (day === todayDay && Boolean(todayRow)),
      today: day === todayDay,
    };
  });
  return {
    total: total?.n ?? 0,
    type: checkinReward(todayDay).main.type as CheckinStats['type'],
    streak_day: streakDay,
    checked_today: Boolean(todayRow),
    today,
    week,
  };
}

/** GET /v1/checkin/rules: the published rewards and rules, the same for everyone. */
export function checkinRules(): CheckinRules {
  return {
    cycle_days: CHECKIN_CYCLE_DAYS,
    rewards: CHECKIN_REWARDS.map((r, i) => ({ day: i + 1, reward: r.main, extra: r.extra ?? null })),
    rules: SERVER_MSG.checkinRules(CHECKIN_CYCLE_DAYS, VOUCHER_VALID_DAYS),
  };
}
