import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  boolean,
  date,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { members } from './accounts';
import { chapters, novels } from './catalog';

/**
 * Double-entry ledger. Every member has one account per currency ('welth' coins, 'welth_coupon' vouchers);
 * system accounts (recharge, bonus, spend, expiry…) are the other side of each movement.
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: serial().primaryKey(),
    memberId: integer().references(() => members.id),
    systemName: varchar({ length: 32 }),
    currency: varchar({ length: 16 }).notNull(),
    // Kept in step with the entries inside the same transaction; member balances never go below zero.
    balance: bigint({ mode: 'number' }).notNull().default(0),
    // System accounts are split into shards so concurrent movements do not queue on one row (docs/wallet.md
    // "System accounts"); a system account's balance is the sum over its shards. Members' accounts: always 0.
    shard: smallint().notNull().default(0),
  },
  (t) => [
    uniqueIndex('wallet_accounts_member_uq').on(t.memberId, t.currency),
    uniqueIndex('wallet_accounts_system_shard_uq').on(t.systemName, t.currency, t.shard),
    check('wallet_accounts_owner_ck', sql`(${t.memberId} is null) <> (${t.systemName} is null)`),
    check('wallet_accounts_member_nonneg_ck', sql`${t.memberId} is null or ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial().primaryKey(),
    // 'recharge' | 'chapter_purchase' | 'book_purchase' | 'tip' | 'vote' | 'checkin' | 'expiry' | 'reward' | 'merge' …
    kind: varchar({ length: 32 }).notNull(),
    memberId: integer().references(() => members.id),
    // x-sig or a provider's notification id: one movement per key.
    idempotencyKey: varchar({ length: 96 }),
    reference: varchar({ length: 96 }),
    meta: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_tx_idem_uq').on(t.kind, t.idempotencyKey), index('ledger_tx_member_idx').on(t.memberId, t.createdAt)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial().primaryKey(),
    txId: integer()
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer()
      .notNull()
      .references(() => walletAccounts.id),
    currency: varchar({ length: 16 }).notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    lotId: integer(),
  },
  (t) => [index('ledger_entries_tx_idx').on(t.txId), index('ledger_entries_account_idx').on(t.accountId)],
);

/** Vouchers arrive in lots that expire (7 days unless the product says otherwise); spends take the nearest expiry first. */
export const voucherLots = pgTable(
  'voucher_lots',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    amount: integer().notNull(),
    remaining: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    txId: integer()
      .notNull()
      .references(() => ledgerTransactions.id),
    expiredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voucher_lots_member_exp_idx').on(t.memberId, t.expiresAt),
    check('voucher_lots_remaining_ck', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

export const products = pgTable('products', {
  id: serial().primaryKey(),
  // 'recharge' | 'vip' | 'ad_removal' | 'whole_book' | 'short_drama'
  productType: varchar({ length: 16 }).notNull(),
  name: varchar({ length: 64 }).notNull(),
  price: integer().notNull(),
  welth: integer().notNull().default(0),
  rewardWelth: integer().notNull().default(0),
  rewardWelthCoupon: integer().notNull().default(0),
  extraRewardCoupon: integer().notNull().default(0),
  extraRewardCouponValidDays: integer().notNull().default(7),
  validDays: integer().notNull().default(0),
  extraDramaDays: integer().notNull().default(0),
  // Slots per business day; null is unlimited. Refilled at 21:00 Asia/Shanghai.
  dailyQuota: integer(),
  novelId: integer().references(() => novels.id),
  sort: integer().notNull().default(0),
  active: boolean().notNull().default(true),
});

export const productQuotaDays = pgTable(
  'product_quota_days',
  {
    productId: integer()
      .notNull()
      .references(() => products.id),
    businessDay: date().notNull(),
    used: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('product_quota_day_uq').on(t.productId, t.businessDay)],
);

export const promotions = pgTable('promotions', {
  id: serial().primaryKey(),
  productId: integer()
    .notNull()
    .references(() => products.id),
  title: varchar({ length: 64 }).notNull(),
  popupBgImage: text(),
  popupButtonImage: text(),
  line1TextColor: varchar({ length: 16 }),
  line2TextColor: varchar({ length: 16 }),
  line3TextColor: varchar({ length: 16 }),
  validDaysTextColor: varchar({ length: 16 }),
  startsAt: timestamp({ withTimezone: true }),
  endsAt: timestamp({ withTimezone: true }),
  active: boolean().notNull().default(true),
});

export const promotionEvents = pgTable('promotion_events', {
  id: serial().primaryKey(),
  promotionId: integer()
    .notNull()
    .references(() => promotions.id),
  memberId: integer(),
  // act_name: 1 opened, 2 button clicked, 3 closed.
  actName: smallint().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Coupon templates: a discount on one recharge whose price is at least the threshold. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 64 }).notNull(),
    thresholdPrice: integer().notNull(),
    discount: integer().notNull(),
    validDays: integer().notNull(),
    // 'signup': every new member receives one; 'manual': granted by staff or activities.
    grantOn: varchar({ length: 16 }).notNull().default('manual'),
    active: boolean().notNull().default(true),
    // Offered in the coupon mall (docs/activity-wheel.md "Coupon mall"): this many in all, one per member; null = not offered.
    mallStock: integer(),
    mallClaimed: integer().notNull().default(0),
    sort: integer().notNull().default(0),
  },
  // The mall never gives out more than its stock, even if a claim's own check were bypassed.
  (t) => [check('coupons_mall_stock_ck', sql`${t.mallStock} is null or ${t.mallClaimed} <= ${t.mallStock}`)],
);

export const memberCoupons = pgTable(
  'member_coupons',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    couponId: integer()
      .notNull()
      .references(() => coupons.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    // Reserved by a pending order (usedAt null) or spent by a paid one; a cancelled or expired order releases it.
    usedOrderId: integer(),
    usedAt: timestamp({ withTimezone: true }),
    // Why it was granted ('signup', an activity id…): one grant per member and key, however often it races.
    grantKey: varchar({ length: 48 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_coupons_member_idx').on(t.memberId, t.expiresAt),
    uniqueIndex('member_coupons_grant_uq').on(t.memberId, t.grantKey),
  ],
);

/** The crediting fields of a product, copied onto an order when it is opened. */
export interface OrderProductTerms {
  productType: string;
  name: string;
  welth: number;
  rewardWelth: number;
  rewardWelthCoupon: number;
  extraRewardCoupon: number;
  extraRewardCouponValidDays: number;
  validDays: number;
  extraDramaDays: number;
}

export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    // 'pending' | 'paid' | 'cancelled' | 'expired' | 'rejected' | 'refunded' (by staff, docs/wallet.md "Refunds"); only a pending order is ever paid (docs/wallet-orders.md).
    status: varchar({ length: 16 }).notNull().default('pending'),
    price: integer().notNull(),
    memberCouponId: integer(),
    // The coupon's discount, in cents: price is what the payer pays, price + discount the product's list price.
    discount: integer().notNull().default(0),
    provider: varchar({ length: 32 }).notNull(),
    providerRef: varchar({ length: 96 }),
    returnUrl: text(),
    cancelUrl: text(),
    nFrom: varchar({ length: 32 }),
    promotionId: integer(),
    // Where the buy began, for the ad-removal scenes 10008–10011 (docs/ads.md "Ad removal"); null elsewhere.
    scene: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    // When it left pending without being paid (cancelled, expired, rejected); a paid order never has one.
    closedAt: timestamp({ withTimezone: true }),
    // The quota day whose slot of a limited product this order holds; cleared when the slot goes back.
    quotaDay: date(),
    txId: integer(),
    // What the product granted when the order was opened (docs/selling.md "Orders keep their terms"): fulfilment
    // credits these, so a staff edit of the product never changes a pending or paid order. Null on older orders.
    productTerms: jsonb().$type<OrderProductTerms>(),
  },
  (t) => [index('orders_member_idx').on(t.memberId, t.createdAt), uniqueIndex('orders_provider_ref_uq').on(t.provider, t.providerRef)],
);

export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial().primaryKey(),
    provider: varchar({ length: 32 }).notNull(),
    notificationId: varchar({ length: 96 }).notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    payload: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_uq').on(t.provider, t.notificationId)],
);

/**
 * A payment we took but did not fulfil: it arrived for an order that was no longer pending, or the order failed
 * its checks at fulfilment (minors' caps, coupon, limited slot). Staff refund it (docs/wallet-orders.md).
 * One per order: a provider takes one payment per order, so further notifications are replays.
 */
export const paymentExceptions = pgTable(
  'payment_exceptions',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    provider: varchar({ length: 32 }).notNull(),
    // The provider's reference for the payment (its notification id).
    providerRef: varchar({ length: 96 }).notNull(),
    amount: integer().notNull(),
    // Why it was not fulfilled: 'order_cancelled' | 'order_expired' | 'minor_cap' | 'minor_consent' | 'minor_no_pay' | 'coupon' | 'quota'
    reason: varchar({ length: 32 }).notNull(),
    // The order's status when the payment arrived.
    orderStatus: varchar({ length: 16 }).notNull(),
    // 'due' until staff refund it.
    refundStatus: varchar({ length: 16 }).notNull().default('due'),
    // The provider's refund reference and what it says became of the money, as on order_refunds.
    providerRefundRef: varchar({ length: 96 }),
    providerRefundStatus: varchar({ length: 16 }),
    providerRefundAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_exceptions_order_uq').on(t.orderId), index('payment_exceptions_refund_idx').on(t.refundStatus, t.id)],
);

export const chapterUnlocks = pgTable(
  'chapter_unlocks',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    chapterId: integer()
      .notNull()
      .references(() => chapters.id),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    price: integer().notNull(),
    txId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chapter_unlocks_member_chapter_uq').on(t.memberId, t.chapterId)],
);

export const bookEntitlements = pgTable(
  'book_entitlements',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    novelId: integer()
      .notNull()
      .references(() => novels.id),
    price: integer().notNull(),
    txId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('book_entitlements_member_novel_uq').on(t.memberId, t.novelId)],
);

/** VIP and short-drama VIP periods; a new purchase starts where the last one ends, so periods stack. */
export const vipPeriods = pgTable(
  'vip_periods',
  {
    id: serial().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    // 'vip' | 'short_drama' | 'ad_free'
    kind: varchar({ length: 16 }).notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    orderId: integer(),
    note: text(),
  },
  (t) => [index('vip_periods_member_idx').on(t.memberId, t.kind, t.endsAt)],
);

/** Clicks on the recharge links of rich messages sent by staff (POST /v1/products/rich_msg_manually_send_click). */
export const richMsgClicks = pgTable('rich_msg_clicks', {
  id: serial().primaryKey(),
  memberId: integer(),
  payload: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
