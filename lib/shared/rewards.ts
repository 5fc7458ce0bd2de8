/**
 * Gifts, vote tickets and fan titles: the published rules (docs/gifts-votes.md). The server applies them; the
 * modals and the fan page show them, so readers see the same numbers the wallet uses.
 */

/** A tip sends `amount` of one gift; the amount stepper stays within these bounds. */
export const TIP_AMOUNT = { default: 1, max: 999 } as const;

/** Gifts are paid with book coins only: vouchers are a platform bonus and do not reach authors. */
export const GIFTS_PAY_WITH_VOUCHERS = false;

export const TICKETS = {
  /** One vote ticket for every this many paid coins spent in a calendar month (vouchers never count). */
  coinsPerTicket: 100,
  /** Granted to each member whose VIP is active, once per calendar month. */
  vipMonthly: 3,
  /** Most tickets one member may cast for one novel in one calendar month. */
  perNovelMonthlyCap: 20,
  /** Votes from members created this recently count toward leaderboards only once the member has paid. */
  newMemberHours: 24,
} as const;

/** Fan value = coins spent on the novel × coin + tickets cast for it × ticket. */
export const FAN_WEIGHTS = { coin: 1, ticket: 100 } as const;

/** The fan title ladder: the highest rung whose `min` the fan value reaches. */
export const FAN_TITLES: readonly { min: number; title: string }[] = [
  { min: 0, title: '见习' },
  { min: 100, title: '学徒' },
  { min: 500, title: '弟子' },
  { min: 2_000, title: '执事' },
  { min: 5_000, title: '舵主' },
  { min: 10_000, title: '堂主' },
  { min: 20_000, title: '护法' },
  { min: 50_000, title: '长老' },
  { min: 100_000, title: '掌门' },
  { min: 200_000, title: '宗师' },
  { min: 500_000, title: '盟主' },
];

export function fanTitle(value: number): { level: number; title: string } {
  let level = 0;
  for (let i = 0; i < FAN_TITLES.length; i++) if (value >= FAN_TITLES[i]!.min) level = i;
  return { level: level + 1, title: FAN_TITLES[level]!.title };
}
