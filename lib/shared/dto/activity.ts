import type { MissionAction, Reward, RewardType, SurpriseKey } from '../activity';

/** One day of the check-in week's calendar (docs/activity.md "Check-in"). */
export interface CheckinDay {
  /** Streak day 1..7. */
  day: number;
  /** YYYY-MM-DD, Asia/Shanghai: the date this streak day falls on if the streak goes on unbroken. */
  date: string;
  reward: Reward;
  extra: Reward | null;
  checked: boolean;
  today: boolean;
}

/** GET /v1/checkin/stats. */
export interface CheckinStats {
  /** Check-ins ever. */
  total: number;
  /** What today's (or the next) check-in pays: 'welth' coins or 'welth_coupon' vouchers. */
  type: 'welth' | 'welth_coupon';
  /** Streak day reached: today's if checked in, else yesterday's if the streak is alive, else 0. */
  streak_day: number;
  checked_today: boolean;
  today: string;
  week: CheckinDay[];
}

/** GET /v1/checkin/rules. */
export interface CheckinRules {
  cycle_days: number;
  rewards: { day: number; reward: Reward; extra: Reward | null }[];
  rules: string[];
}

/** POST /v1/checkin. */
export interface CheckinResult {
  streak_day: number;
  reward: Reward;
  extra: Reward | null;
  stats: CheckinStats;
}

export type MissionState = 'in_progress' | 'completed' | 'claimed';

/** One mission in GET /v1/activity/missionsList. */
export interface MissionDto {
  id: number;
  /** The mission's own code ('read_10min', 'share'…), sent back by missionComplete and missionBonus. */
  action_id: string;
  /** What the mission counts (lib/shared/activity.ts MISSION_ACTIONS): `share` is reported by the browser. */
  action: MissionAction;
  name: string;
  period: 'day' | 'week';
  /** Minutes for the reading and listening missions, otherwise a count. */
  unit: 'minutes' | 'count';
  progress: number;
  target: number;
  reward: Reward;
  state: MissionState;
  /** ISO instant the period ends (day: next 0:00 Asia/Shanghai; week: the anchor + 7 × 24 h × n). */
  resets_at: string;
}

export interface MissionsList {
  day: MissionDto[];
  week: MissionDto[];
}

/** POST /v1/activity/missionComplete and /missionBonus, each {action_id} (or {mission_id}); missionComplete for client-seen actions only. */
export interface MissionResult {
  mission: MissionDto;
  /** Set by missionBonus: what was paid. */
  reward?: Reward;
}

/** POST /v1/surprise {keys, environment}: the keys that paid now, and those already paid or not yet earned. */
export interface SurpriseResult {
  granted: { key: SurpriseKey; name: string; reward: Reward }[];
  already: SurpriseKey[];
  not_met: SurpriseKey[];
}

/** GET /v1/mall/prizes: one prize won (我的奖品). */
export interface PrizeRecordDto {
  id: number;
  name: string;
  reward: number;
  reward_type: Exclude<RewardType, 'lottery'>;
  iso_created_at: string;
}

/** GET /v1/activity/gamelogs: one draw and its result, 谢谢参与 included (reward_type 'none'). */
export interface GameLogDto {
  id: number;
  name: string;
  reward: number;
  reward_type: Exclude<RewardType, 'lottery'> | 'none';
  iso_created_at: string;
}

/** One slot of the wheel with its published odds. */
export interface WheelPrize {
  id: number;
  name: string;
  reward_type: Exclude<RewardType, 'lottery'> | 'none';
  reward: number;
  /** Chance of this slot per draw, in percent with two decimals, from the weights (sums to 100). */
  odds: number;
  daily_stock: number | null;
  fallback: boolean;
}

/** GET /v1/activity/wheel: the wheel, its odds and the member's waiting chances (0 when signed out). */
export interface WheelDto {
  prizes: WheelPrize[];
  chances: number;
  rules: string[];
}

/** POST /v1/activity/draw: the slot the wheel stops on and what was paid. */
export interface DrawResult {
  record: GameLogDto;
  prize_id: number;
  chances: number;
}

/** GET /v1/mall/coupons: one coupon on offer. */
export interface MallCoupon {
  id: number;
  name: string;
  /** Cents: the recharge must cost at least this. */
  threshold_price: number;
  /** Cents off. */
  discount: number;
  /** Days the coupon stays valid after it is claimed. */
  valid_days: number;
  stock: number;
  left: number;
  claimed: boolean;
}

/** GET /v1/activity/summary: what /m/events and the home page's daily modal need in one call. */
export interface ActivitySummary {
  checkin: CheckinStats;
  missions_claimable: number;
  chances: number;
}
