/** Chinese wording of wallet records, shared by the API's titles and the pages. */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** What a spending record is called when it names a novel (《书名》…) or stands alone. */
export const CONSUME_TEXT = {
  chapter: (novel: string, idx: number) => `《${novel}》第${idx}章`,
  wholeBook: (novel: string) => `《${novel}》全本购买`,
  tip: (novel: string) => `《${novel}》打赏`,
  vote: (novel: string) => `《${novel}》投票`,
  otherOnNovel: (novel: string) => `《${novel}》消费`,
  expiry: '书券过期',
  refund: '充值退款',
  chapterMissing: '章节购买',
  bookMissing: '全本购买',
  tipMissing: '打赏',
  voteMissing: '投票',
  other: '消费',
} as const;

/** Where a voucher lot came from, by the kind of the movement that granted it. */
const LOT_SOURCES: Record<string, string> = {
  recharge_bonus: '充值赠送',
  recharge_extra: '充值加赠',
  checkin: '签到奖励',
  mission: '任务奖励',
  lottery: '抽奖奖励',
  prize: '抽奖奖励',
  review_reward: '书评奖励',
  reward: '活动奖励',
};

export function voucherLotTitle(kind: string | null | undefined): string {
  return (kind && LOT_SOURCES[kind]) || '书券';
}

/**
 * Countdown wording for a voucher lot ("3天后过期"): days rounded up so a lot granted just now reads as the
 * 7 days it was given for; hours in the last day, where rounding up would hide the urgency. Pages show the
 * exact expiry time beside it.
 */
export function expiryText(expiresAt: string | Date, now: number): string {
  const left = new Date(expiresAt).getTime() - now;
  if (left <= 0) return '已过期';
  if (left < HOUR_MS) return '即将过期';
  if (left < DAY_MS) return `${Math.ceil(left / HOUR_MS)}小时后过期`;
  return `${Math.ceil(left / DAY_MS)}天后过期`;
}

/** Lots expiring within this many days are called out on the vouchers page. */
export const EXPIRING_SOON_DAYS = 3;
