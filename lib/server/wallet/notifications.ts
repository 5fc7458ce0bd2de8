import 'server-only';
import { and, eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { getDb, type Tx } from '../db/client';
import { members, orders, paymentNotifications, products } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { log } from '../logger';
import { SERVER_MSG } from '../messages';
import { assertMayPay } from './minors';
import { couponStillReserved, spendCoupon } from './coupons';
import { credit } from './credit';
import { retryOnConflict } from '../db/pg-errors';
import { stackPeriod, type PeriodKind } from './vip';
import { closeOrder, termsOf, type OrderRow, type ProductRow } from './orders';
import { flagForRefund, type RefundReason } from './payment-exceptions';
import type { ProviderPayment } from './payments/contract';
import { verifySandboxNotification, type PaymentNotification } from './payments/sandbox';
import { slotStillHeld } from './quota';
import { countHeldBackVotes } from './votes';

/**
 * Grants what a paid product gives: coins and bonus, voucher lots, VIP or ad-free periods that stack. It grants the
 * terms the order was opened with, not the product as staff may have edited it since (docs/selling.md).
 */
async function fulfil(tx: Tx, order: OrderRow, product: ProductRow, now: Date): Promise<number> {
  const key = `order:${order.id}`;
  const terms = termsOf(order, product);
  const { txId } = await credit(tx, order.memberId, {
    kind: 'recharge',
    idempotencyKey: key,
    reference: key,
    source: 'recharge',
    welth: terms.welth,
  });
  if (terms.rewardWelth || terms.rewardWelthCoupon) {
    await credit(
      tx,
      order.memberId,
      {
        kind: 'recharge_bonus',
        idempotencyKey: key,
        reference: key,
        source: 'bonus',
        welth: terms.rewardWelth,
        welthCoupon: terms.rewardWelthCoupon,
      },
      now,
    );
  }
  if (terms.extraRewardCoupon) {
    await credit(
      tx,
      order.memberId,
      {
        kind: 'recharge_extra',
        idempotencyKey: key,
        reference: key,
        source: 'bonus',
        welthCoupon: terms.extraRewardCoupon,
        voucherDays: terms.extraRewardCouponValidDays,
      },
      now,
    );
  }
  const stack = (kind: PeriodKind, days: number | null) => stackPeriod(tx, order.memberId, kind, days, { orderId: order.id }, now);
  if (terms.productType === 'vip') {
    await stack('vip', terms.validDays);
    if (terms.extraDramaDays) await stack('short_drama', terms.extraDramaDays);
  }
  if (terms.productType === 'short_drama') await stack('short_drama', terms.validDays);
  if (terms.productType === 'ad_removal') await stack('ad_free', null);
  return txId;
}

/** Locks the member, then the order — the member first, as creating an order does, so caps are checked under the same lock. */
export async function lockOrder(t: Tx, orderId: number): Promise<{ o: OrderRow; p: ProductRow } | null> {
  // A merge may move the order to another member between the look and the lock: look again then.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [peek] = await t.select({ memberId: orders.memberId }).from(orders).where(eq(orders.id, orderId));
    if (!peek) return null;
    // NO KEY UPDATE, not UPDATE: inserts that reference the member (accounts, unlocks, ledger rows) take KEY SHARE on
    // this row, and a purchase holding the wallet would deadlock against a full UPDATE lock (docs/wallet-orders.md).
    await t.select({ id: members.id }).from(members).where(eq(members.id, peek.memberId)).for('no key update');
    const [row] = await t
      .select({ o: orders, p: products })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    if (row && row.o.memberId === peek.memberId) return row;
  }
  throw new ApiError(CODES.conflict);
}

/**
 * What stops a pending order's payment from being fulfilled, checked again at payment time with the member row
 * locked (docs/wallet-orders.md): the minors' caps (this order already counted as pending), the coupon still
 * reserved by this order and unspent, the limited slot still held by this order.
 */
async function fulfilmentRefusal(t: Tx, order: OrderRow, product: ProductRow, now: Date): Promise<RefundReason | null> {
  try {
    await assertMayPay(order.memberId, t, now, order.price, order.id);
  } catch (err) {
    if (err instanceof ApiError && (err.reason === 'minor_cap' || err.reason === 'minor_consent' || err.reason === 'minor_no_pay'))
      return err.reason;
    throw err;
  }
  if (order.memberCouponId !== null && !(await couponStillReserved(t, order.memberCouponId, order.id))) return 'coupon';
  if (product.dailyQuota !== null && !(await slotStillHeld(t, order.productId, order.quotaDay))) return 'quota';
  return null;
}

/**
 * The sandbox's notify endpoint: its HMAC signature is checked (403 if forged), then the payment is credited as
 * any provider's is (creditProviderPayment).
 */
export async function handlePaymentNotification(
  providerName: 'sandbox',
  n: PaymentNotification,
  now = new Date(),
): Promise<PaymentOutcome> {
  if (!verifySandboxNotification(n)) throw new ApiError(CODES.forbidden, SERVER_MSG.paymentSignatureBad);
  return creditProviderPayment(providerName, { orderId: n.order_id, amount: n.amount, tradeNo: n.notification_id }, n, now);
}

export interface PaymentOutcome {
  order_id: number;
  status: string;
  credited: boolean;
  refund_due: boolean;
}

/**
 * A payment the provider has proved (a verified notification, or its answer to our query): check the amount,
 * record it once, move the order from pending to paid once, and credit it once — however often, and however
 * concurrently, it is replayed. Only a pending order is paid. A payment for an order that was cancelled or expired,
 * or one that fails the checks at fulfilment, is recorded and flagged for refund instead, and nothing is granted
 * (docs/wallet-orders.md). The provider's transaction number is the order's provider reference.
 */
export async function creditProviderPayment(
  providerName: string,
  p: ProviderPayment,
  payload: unknown,
  now = new Date(),
): Promise<PaymentOutcome> {
  // A notification racing the payer's own purchases can be chosen as a deadlock's victim (the cluster test's burst
  // met one, docs/deploy.md), or wait past lock_timeout in a rush for a limited pack; it rolled back whole and is
  // keyed by the trade number, so it simply runs again.
  return retryOnConflict(
    () =>
      getDb().transaction(async (t) => {
        const row = await lockOrder(t, p.orderId);
        if (!row || row.o.provider !== providerName) throw notFound(SERVER_MSG.orderNotFound);
        if (row.o.price !== p.amount) throw new ApiError(CODES.conflict, SERVER_MSG.paymentAmountMismatch);
        await t
          .insert(paymentNotifications)
          .values({ provider: providerName, notificationId: p.tradeNo, orderId: p.orderId, payload: payload ?? {} })
          .onConflictDoNothing();
        // A provider takes one payment per order: another notification for a paid order is a replay.
        if (row.o.status === 'paid' || row.o.status === 'refunded')
          return { order_id: p.orderId, status: row.o.status, credited: false, refund_due: false };
        const payment = {
          orderId: row.o.id,
          provider: providerName,
          providerRef: p.tradeNo,
          amount: p.amount,
          orderStatus: row.o.status,
        };
        if (row.o.status !== 'pending') {
          await flagForRefund(t, { ...payment, reason: `order_${row.o.status}` as RefundReason }, now);
          return { order_id: p.orderId, status: row.o.status, credited: false, refund_due: true };
        }
        const refusal = await fulfilmentRefusal(t, row.o, row.p, now);
        if (refusal) {
          // The payment is recorded first and the order closed last: closing gives back the slot, which locks the
          // day's row shared by every buyer of a limited pack, so it is held only until the commit.
          await flagForRefund(t, { ...payment, reason: refusal }, now);
          await closeOrder(t, row.o.id, 'rejected', now);
          return { order_id: p.orderId, status: 'rejected', credited: false, refund_due: true };
        }
        const [paid] = await t
          .update(orders)
          .set({ status: 'paid', paidAt: now, providerRef: p.tradeNo })
          .where(and(eq(orders.id, p.orderId), eq(orders.status, 'pending')))
          .returning();
        const txId = await fulfil(t, paid!, row.p, now);
        if (paid!.memberCouponId !== null) await spendCoupon(t, paid!.memberCouponId, paid!.id, now);
        await t.update(orders).set({ txId }).where(eq(orders.id, paid!.id));
        // A new member's held-back votes count from their first payment on (docs/gifts-votes.md "Anti-farming").
        await countHeldBackVotes(t, paid!.memberId);
        log('info', 'order_paid', { orderId: paid!.id, memberId: paid!.memberId, price: paid!.price, provider: providerName });
        return { order_id: p.orderId, status: 'paid', credited: true, refund_due: false };
      }),
    3,
    { lockTimeouts: true },
  );
}
