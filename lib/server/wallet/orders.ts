import 'server-only';
import { and, desc, eq, lte, notInArray } from 'drizzle-orm';
import { AD_RECHARGE_SCENES } from '@/lib/shared/constants';
import { CODES } from '@/lib/shared/dto/envelope';
import { returnAddressOr } from '@/lib/shared/return-path';
import { getDb, type Tx } from '../db/client';
import { MSG } from '@/lib/shared/messages';
import { PAY_TEXT } from '@/lib/shared/payment-text';
import { members, orders, products, type OrderProductTerms } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { SERVER_MSG } from '../messages';
import { assertMayPay } from './minors';
import { attachCoupon, releaseCoupon, reserveCoupon } from './coupons';
import { getProductOrThrow } from './products';
import { providerNamed, realProviders } from './payments/provider';
import { nextRefill, quotaDay, releaseSlot, takeSlot } from './quota';
import { isDatabaseUnavailable, isTransactionConflict, retryOnConflict } from '../db/pg-errors';

const ORDER_TTL_MS = 30 * 60_000;

const AD_SCENES: readonly number[] = Object.values(AD_RECHARGE_SCENES);
export function isAdScene(value: number | null | undefined): value is number {
  return typeof value === 'number' && AD_SCENES.includes(value);
}

export interface OrderDto {
  id: number;
  status: string;
  price: number;
  /** Cents a coupon took off; price + discount is the list price. */
  discount: number;
  product: { id: number; name: string; product_type: string; valid_days: number };
  welth: number;
  reward_welth: number;
  reward_welth_coupon: number;
  created_at: string;
  paid_at: number | null;
  pay_url: string;
  return_url: string;
  cancel_url: string;
  /** The ad-removal scene the order was opened from (10008–10011), else null. */
  scene: number | null;
}

export type OrderRow = typeof orders.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

/** What an order grants, copied from its product when it is opened (docs/selling.md "Orders keep their terms"). */
export function productTermsOf(p: ProductRow): OrderProductTerms {
  return {
    productType: p.productType,
    name: p.name,
    welth: p.welth,
    rewardWelth: p.rewardWelth,
    rewardWelthCoupon: p.rewardWelthCoupon,
    extraRewardCoupon: p.extraRewardCoupon,
    extraRewardCouponValidDays: p.extraRewardCouponValidDays,
    validDays: p.validDays,
    extraDramaDays: p.extraDramaDays,
  };
}

/** The order's own terms; an order opened before they were kept falls back to the product as it is now. */
export function termsOf(o: OrderRow, p: ProductRow): OrderProductTerms {
  return o.productTerms ?? productTermsOf(p);
}

function toOrderDto(o: OrderRow, p: ProductRow): OrderDto {
  const t = termsOf(o, p);
  return {
    id: o.id,
    status: o.status,
    price: o.price,
    discount: o.discount,
    product: { id: p.id, name: t.name, product_type: t.productType, valid_days: t.validDays },
    welth: t.welth,
    reward_welth: t.rewardWelth,
    reward_welth_coupon: t.rewardWelthCoupon + t.extraRewardCoupon,
    created_at: o.createdAt.toISOString(),
    // paid_at in seconds, as clients expect.
    paid_at: o.paidAt ? Math.floor(o.paidAt.getTime() / 1000) : null,
    pay_url: providerNamed(o.provider).payUrl(o.id),
    return_url: o.returnUrl ?? '/m/my',
    cancel_url: o.cancelUrl ?? '/m/my',
    scene: o.scene,
  };
}

export interface CreateOrderOptions {
  returnUrl?: string | null;
  cancelUrl?: string | null;
  nFrom?: string | null;
  /** A member coupon (member_coupons.id) to take off this recharge. */
  couponId?: number | null;
  promotionId?: number | null;
  /** An ad-removal scene code (10008–10011, docs/ads.md "Ad removal"): where the buy began; anything else is dropped. */
  scene?: number | null;
  /** Our other hosts (payment and reader domains): return and cancel may be absolute addresses on these. */
  ownHosts?: readonly string[];
  /**
   * The providers offered to this payer here, the default first (offeredProviders, docs/payments.md "Choosing a
   * provider"); without it, the sandbox.
   */
  offered?: readonly string[];
  /** The payer's choice among `offered`; absent means the default. */
  provider?: string | null;
}

/** The provider an order is opened with: the payer's choice if offered here, else refused (nothing is written). */
export function chosenProvider(opts: Pick<CreateOrderOptions, 'offered' | 'provider'>): string {
  const offered = opts.offered ?? ['sandbox'];
  const choice = opts.provider || offered[0];
  if (!choice || !offered.includes(choice)) throw new ApiError(CODES.validation, PAY_TEXT.providerUnavailable, undefined, 'provider');
  return choice;
}

/**
 * A pending order for one product, paid through the provider's page; return and cancel stay on this site.
 * One transaction with the member row locked: the coupon is reserved, the minors' caps checked against this
 * month's orders, and a limited product's slot taken — all or nothing. A member holds at most one pending order
 * of a limited product: a second is refused while the first is pending (docs/wallet-orders.md), so nobody can
 * hoard a day's slots or keep renewing a hold. The member lock makes that check race-free.
 *
 * Locks are taken in one order — the member, the coupon, the new order, and the day's slot row last, right before
 * the commit — because the slot row is shared by every buyer of the pack: it is held for one round trip, not for the
 * whole transaction. A transaction that still waited too long or was a deadlock's victim runs again (at most three
 * times); after that the payer is told to try again later (`busy`), never shown an error page
 * (docs/wallet-orders.md "Rushes for a limited pack").
 */
export async function createOrder(memberId: number, productId: number, opts: CreateOrderOptions, now = new Date()): Promise<OrderDto> {
  const provider = chosenProvider(opts);
  const product = await getProductOrThrow(productId);
  if (product.productType === 'whole_book') throw new ApiError(CODES.validation, MSG.orderWholeBook, undefined, 'whole_book');
  const open = () =>
    getDb().transaction(async (t) => {
      // NO KEY UPDATE, not UPDATE: inserts that reference the member (accounts, unlocks, ledger rows) take KEY SHARE on
      // this row, and a purchase holding the wallet would deadlock against a full UPDATE lock (docs/wallet-orders.md).
      await t.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
      if (product.dailyQuota !== null) {
        const [held] = await t
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.memberId, memberId), eq(orders.productId, productId), eq(orders.status, 'pending')))
          .limit(1);
        if (held) throw new ApiError(CODES.conflict, MSG.orderLimitedPending, { order_id: held.id }, 'limited_pending');
      }
      const coupon = opts.couponId ? await reserveCoupon(t, memberId, opts.couponId, product, now) : null;
      const price = product.price - (coupon?.discount ?? 0);
      await assertMayPay(memberId, t, now, price);
      const [row] = await t
        .insert(orders)
        .values({
          memberId,
          productId,
          price,
          discount: coupon?.discount ?? 0,
          memberCouponId: coupon?.id ?? null,
          provider,
          status: 'pending',
          returnUrl: returnAddressOr(opts.returnUrl, opts.ownHosts ?? []),
          cancelUrl: returnAddressOr(opts.cancelUrl ?? opts.returnUrl, opts.ownHosts ?? []),
          nFrom: opts.nFrom?.slice(0, 32) ?? null,
          promotionId: opts.promotionId ?? null,
          scene: isAdScene(opts.scene) ? opts.scene : null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
          quotaDay: product.dailyQuota === null ? null : quotaDay(now),
          productTerms: productTermsOf(product),
        })
        .returning();
      if (coupon) await attachCoupon(t, coupon.id, row!.id);
      // Last: sold out rolls back the order and the coupon's reservation with it.
      if (product.dailyQuota !== null && !(await takeSlot(t, product.id, product.dailyQuota, now))) {
        throw new ApiError(CODES.conflict, MSG.soldOut, { refill_at: nextRefill(now).toISOString() }, 'sold_out');
      }
      return row!;
    });
  const order = await retryOnConflict(open, 3, { lockTimeouts: true }).catch((err: unknown) => {
    if (isDatabaseUnavailable(err) || isTransactionConflict(err)) throw new ApiError(CODES.unavailable, MSG.orderBusy, undefined, 'busy');
    throw err;
  });
  return toOrderDto(order, product);
}

export async function getOrderOrThrow(orderId: number, memberId?: number): Promise<OrderDto> {
  const [row] = await getDb()
    .select({ o: orders, p: products })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId));
  // Another member's order is reported as missing: its existence is not theirs to learn.
  if (!row || (memberId !== undefined && row.o.memberId !== memberId)) throw notFound(SERVER_MSG.orderNotFound);
  return toOrderDto(row.o, row.p);
}

export async function listOrders(memberId: number, start: number, limit: number): Promise<{ data: OrderDto[]; hasmore: boolean }> {
  const rows = await getDb()
    .select({ o: orders, p: products })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.memberId, memberId), eq(orders.status, 'paid')))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .offset(start)
    .limit(limit);
  const data = rows.map((r) => toOrderDto(r.o, r.p));
  return { data, hasmore: data.length >= limit };
}

/**
 * Ends an unpaid order for good: its coupon and its limited slot go back, and it can never be paid afterwards (a
 * payment that still arrives is flagged for refund, docs/wallet-orders.md). 'rejected' is an order whose payment
 * failed the checks at fulfilment. Returns false when it was no longer pending.
 */
export async function closeOrder(
  t: Tx,
  orderId: number,
  status: 'cancelled' | 'expired' | 'rejected',
  now: Date,
  memberId?: number,
): Promise<boolean> {
  const [open] = await t
    .select({ id: orders.id, productId: orders.productId, quotaDay: orders.quotaDay })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), memberId === undefined ? undefined : eq(orders.memberId, memberId)))
    .for('update');
  if (!open) return false;
  await t.update(orders).set({ status, closedAt: now, quotaDay: null }).where(eq(orders.id, open.id));
  await releaseCoupon(t, open.id);
  if (open.quotaDay) await releaseSlot(t, open.productId, open.quotaDay);
  return true;
}

/** The payer cancelled on the provider's page: their pending order ends; anything else, or anyone else's, is left as it is. */
export async function cancelOrder(orderId: number, memberId: number, now = new Date()): Promise<OrderDto> {
  await getDb().transaction((tx) => closeOrder(tx, orderId, 'cancelled', now, memberId));
  return getOrderOrThrow(orderId, memberId);
}

/**
 * Pending orders past their 30 minutes expire (the wallet job runs this every minute). Orders of a configured real
 * provider are left to the provider job, which asks the provider first and closes the order there before it
 * expires here (docs/payments.md "Late notifications and expiry").
 */
export async function expireStaleOrders(now = new Date()): Promise<number> {
  const real = realProviders().map((p) => p.name);
  const stale = await getDb()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now), real.length ? notInArray(orders.provider, real) : undefined))
    .limit(500);
  let expired = 0;
  for (const { id } of stale) if (await getDb().transaction((tx) => closeOrder(tx, id, 'expired', now))) expired += 1;
  return expired;
}

/** The member's latest paid order of a product type (the month-VIP page shows it). */
export async function latestPaidOrder(memberId: number, productType: string, validDays?: number): Promise<OrderDto | null> {
  const [row] = await getDb()
    .select({ o: orders, p: products })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        eq(orders.memberId, memberId),
        eq(orders.status, 'paid'),
        eq(products.productType, productType),
        validDays === undefined ? undefined : eq(products.validDays, validDays),
      ),
    )
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(1);
  return row ? toOrderDto(row.o, row.p) : null;
}
