import type { ActivitySummary, CheckinDay, CheckinStats, MissionDto, WheelDto } from '@/lib/shared/dto/activity';
import { CHECKIN_REWARDS } from '@/lib/shared/activity';

/** Activity centre answers for component tests (docs/activity-pages.md), shaped as lib/shared/dto/activity.ts. */
export function week(checkedDays: number, todayDay: number): CheckinDay[] {
  return CHECKIN_REWARDS.map((r, i) => ({
    day: i + 1,
    date: `2026-11-${String(20 + i).padStart(2, '0')}`,
    reward: r.main,
    extra: r.extra ?? null,
    checked: i + 1 <= checkedDays,
    today: i + 1 === todayDay,
  }));
}

export function stats(over: Partial<CheckinStats> = {}): CheckinStats {
  return {
    total: 12,
    type: 'welth_coupon',
    streak_day: 2,
    checked_today: false,
    today: '2026-11-24',
    week: week(2, 3),
    ...over,
  };
}

export function summary(over: Partial<ActivitySummary> = {}): ActivitySummary {
  return { checkin: stats(), missions_claimable: 1, chances: 0, ...over };
}

export function mission(over: Partial<MissionDto> = {}): MissionDto {
  return {
    id: 1,
    action_id: 'read_10min',
    action: 'read_minutes',
    name: '阅读10分钟',
    period: 'day',
    unit: 'minutes',
    progress: 3,
    target: 10,
    reward: { type: 'welth_coupon', amount: 20 },
    state: 'in_progress',
    resets_at: '2026-11-25T00:00:00+08:00',
    ...over,
  };
}

export const WHEEL: WheelDto = {
  prizes: [
    { id: 1, name: '10书券', reward_type: 'welth_coupon', reward: 10, odds: 31.13, daily_stock: null, fallback: false },
    { id: 2, name: '50书券', reward_type: 'welth_coupon', reward: 50, odds: 19.46, daily_stock: null, fallback: false },
    { id: 3, name: '100书币', reward_type: 'welth', reward: 100, odds: 6.23, daily_stock: 200, fallback: false },
    { id: 4, name: '1天VIP', reward_type: 'vip_days', reward: 1, odds: 15.56, daily_stock: null, fallback: false },
    { id: 5, name: '7天VIP', reward_type: 'vip_days', reward: 7, odds: 4.67, daily_stock: 50, fallback: false },
    { id: 6, name: '365天VIP', reward_type: 'vip_days', reward: 365, odds: 0.08, daily_stock: 1, fallback: false },
    { id: 7, name: '谢谢参与', reward_type: 'none', reward: 0, odds: 22.87, daily_stock: null, fallback: true },
  ],
  chances: 2,
  rules: ['每次抽奖消耗1次抽奖机会', '奖品实时发放到账户'],
};
