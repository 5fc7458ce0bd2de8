/** How a chapter is paid for: nothing to pay, owned already, VIP-free, per chapter, or only with the whole book. */
export type BuyMode = 'free' | 'owned' | 'vip_free' | 'chapter' | 'whole_book';

/** A batch of 批量购买: the next 10 or 50 chapters from the one open, or all the rest (docs/wallet.md "Batch buying"). */
export type BatchChoice = 10 | 50 | 'all';

/** One choice of the batch sheet: how many chapters it buys (owned, free and VIP-free ones skipped) and for how much. */
export interface BatchOption {
  choice: BatchChoice;
  /** Chapters it would buy now. */
  chapters: number;
  /** Chapters in the range, bought or not. */
  range: number;
  /** Their price one by one. */
  full_price: number;
  /** What the batch costs (the discount applied). */
  total: number;
  /** Percent of the price paid, 100 = no discount. */
  percent: number;
}

export interface BatchQuote {
  nid: number;
  aid: number;
  options: BatchOption[];
  welth: number;
  welth_coupon: number;
}

export interface BatchBuyResult {
  nid: number;
  aid: number;
  /** The chapters unlocked by this purchase, in reading order. */
  bought: number[];
  charged: number;
  from_vouchers: number;
  from_coins: number;
  welth: number;
  welth_coupon: number;
}
