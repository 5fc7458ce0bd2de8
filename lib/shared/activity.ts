/**
 * The activity centre's published rules (docs/activity.md): check-in rewards, missions' actions, surprises and the
 * prize wheel's limits. The server applies them and the pages show them, so readers see the numbers the wallet uses.
 */

/** A reward the activity centre pays: coins, vouchers (7-day lots), vote tickets, lottery chances or VIP days. */
export type RewardType = 'welth' | 'welth_coupon' | 'ticket' | 'lottery' | 'vip_days';

export interface Reward {
  type: RewardType;
  amount: number;
}

/** How a reward reads in Chinese: '20书券', '1次抽奖机会', '3天VIP'. */
export const REWARD_UNITS: Record<RewardType, string> = {
  welth: '书币',
  welth_coupon: '书券',
  ticket: '张月票',
  lottery: '次抽奖机会',
  vip_days: '天VIP',
};

export function rewardText(r: Reward): string {
  return `${r.amount}${REWARD_UNITS[r.type]}`;
}

/** Days in a check-in cycle: a streak runs 1..7 on consecutive business days and restarts after a missed day or day 7. */
export const CHECKIN_CYCLE_DAYS = 7;

/**
 * What each streak day pays, a rising curve: vouchers on days 1–6, coins on day 7, which also grants one lottery
 * chance. Index 0 is streak day 1.
 */
export const CHECKIN_REWARDS: readonly { main: Reward; extra?: Reward }[] = [
  { main: { type: 'welth_coupon', amount: 10 } },
  { main: { type: 'welth_coupon', amount: 15 } },
  { main: { type: 'welth_coupon', amount: 20 } },
  { main: { type: 'welth_coupon', amount: 30 } },
  { main: { type: 'welth_coupon', amount: 40 } },
  { main: { type: 'welth_coupon', amount: 50 } },
  { main: { type: 'welth', amount: 30 }, extra: { type: 'lottery', amount: 1 } },
];

/**
 * Mission actions. `server`: counted by the server from what happened (reading and listening time, purchases,
 * shelf adds, comments, tips, votes, check-ins); `client`: only the browser can see it (a share inside the
 * messaging app), reported through `POST /v1/activity/missionComplete`, at most once per `CLIENT_REPORT_GAP_S`.
 * `minutes`: the target and progress are minutes, otherwise a count.
 */
export const MISSION_ACTIONS = {
  read_minutes: { source: 'server', unit: 'minutes' },
  // Business days in the period with at least a minute of reading.
  read_days: { source: 'server', unit: 'count' },
  listen_minutes: { source: 'server', unit: 'minutes' },
  buy_chapter: { source: 'server', unit: 'count' },
  shelf_add: { source: 'server', unit: 'count' },
  comment: { source: 'server', unit: 'count' },
  tip: { source: 'server', unit: 'count' },
  vote: { source: 'server', unit: 'count' },
  checkin: { source: 'server', unit: 'count' },
  share: { source: 'client', unit: 'count' },
} as const satisfies Record<string, { source: 'server' | 'client'; unit: 'minutes' | 'count' }>;

export type MissionAction = keyof typeof MISSION_ACTIONS;

/** Seconds between two client reports of the same action that both count. */
export const CLIENT_REPORT_GAP_S = 60;

/**
 * Week missions' periods are 7 × 24 h windows counted from the start of this business day (Monday 2024-01-01,
 * 00:00 Asia/Shanghai), so a week always starts on a Monday at midnight there; day missions reset at 0:00 Asia/Shanghai.
 */
export const WEEK_ANCHOR_DAY = '2024-01-01';

/** Reading or listening reports further apart than this are separate sessions: the gap is not counted. */
export const ACTIVITY_MAX_GAP_S = 90;

/** Night hours for the night-owl surprise, Asia/Shanghai: [from, to). */
export const NIGHT_HOURS = { from: 22, to: 5 } as const;

/** One-time surprises: each pays once per member, when the server's records show its condition is met. */
export const SURPRISES = {
  first_listen: { name: '初次收听', reward: { type: 'welth_coupon', amount: 30 }, condition: '第一次收听满1分钟' },
  night_owl: { name: '夜读人', reward: { type: 'welth_coupon', amount: 50 }, condition: '夜间22点至次日5点阅读满10分钟' },
  hundred_minutes: { name: '百分钟书友', reward: { type: 'lottery', amount: 1 }, condition: '累计阅读满100分钟' },
  first_purchase: { name: '首次订阅', reward: { type: 'welth_coupon', amount: 100 }, condition: '第一次订阅付费章节' },
} as const satisfies Record<string, { name: string; reward: Reward; condition: string }>;

export type SurpriseKey = keyof typeof SURPRISES;

/** Thresholds behind the surprises above. */
export const SURPRISE_THRESHOLDS = { firstListenSeconds: 60, nightOwlSeconds: 600, hundredMinutesSeconds: 6000 } as const;

/** The prize wheel: what the platform gives away per business day at most, in coin units (staff may change it). */
export const LOTTERY_DAILY_BUDGET_DEFAULT = 50_000;
export const LOTTERY_BUDGET_CONFIG_KEY = 'lottery_daily_budget';

/** 我的奖品 and 抽奖记录 page size. */
export const PRIZES_LIMIT = 20;

/**
 * `bonus_hunter`: a member who has taken at least this many activity rewards (check-ins, mission bonuses,
 * surprises, prizes) in the last `days` days and has never paid for an order.
 */
export const BONUS_HUNTER = { rewards: 10, days: 30 } as const;
