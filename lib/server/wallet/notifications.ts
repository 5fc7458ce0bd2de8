import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { getDb, type Tx } from '../db/client';
import { orders, paymentNotifications, products, vipPeriods } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { log } from '../logger';
import { spendCoupon } from './coupons';
import { credit } from './credit';
import type { OrderRow, ProductRow } from './orders';
import { providerNamed } from './payments/provider';
import type { PaymentNotification } from './payments/sandbox';
import { retakeSlot } from './quota';

/** Grants what a paid product gives: coins and bonus, voucher lots, VIP or ad-free periods that stack. */
async function fulfil(tx: Tx, order: OrderRow, product: ProductRow, now: Date): Promise<number> {
  const key = `order:${order.id}`;
  const { txId } = await credit(tx, order.memberId, { kind: 'recharge', idempotencyKey: key, reference: key, source: 'recharge', welth: product.welth });
  if (product.rewardWelth || product.rewardWelthCoupon) {
    await credit(tx, order.memberId, { kind: 'recharge_bonus', idempotencyKey: key, reference: key, source: 'bonus', welth: product.rewardWelth, welthCoupon: product.rewardWelthCoupon }, now);
  }
  if (product.extraRewardCoupon) {
    await credit(tx, order.memberId, { kind: 'recharge_extra', idempotencyKey: key, reference: key, source: 'bonus', welthCoupon: product.extraRewardCoupon, voucherDays: product.extraRewardCouponValidDays }, now);
  }
  const stack = async (kind: 'vip' | 'short_drama' | 'ad_free', days: number | null) => {
    const [last] = await tx.select({ endsAt: vipPeriods.endsAt }).from(vipPeriods).where(and(eq(vipPeriods.memberId, order.memberId), eq(vipPeriods.kind, kind))).orderBy(desc(vipPeriods.endsAt)).limit(1);
    const startsAt = last?.endsAt && last.endsAt > now ? last.endsAt : now;
    await tx.insert(vipPeriods).values({ memberId: order.memberId, kind, startsAt, endsAt: days === null ? null : new Date(startsAt.getTime() + days * 86_400_000), orderId: order.id });
  };
  if (product.productType === 'vip') {
    await stack('vip', product.validDays);
    if (product.extraDramaDays) await stack('short_drama', product.extraDramaDays);
  }
  if (product.productType === 'short_drama') await stack('short_drama', product.validDays);
  if (product.productType === 'ad_removal') await stack('ad_free', null);
  return txId;
}

/**
 * The notify endpoint's work: check the signature and amount, record the notification once, move the order
 * from pending to paid once, and credit it once — however often, and however concurrently, it is replayed.
 */
export async function handlePaymentNotification(providerName: string, n: PaymentNotification, now = new Date()): Promise<{ order_id: number; status: string; credited: boolean }> {
  if (!providerNamed(providerName).verify(n)) throw new ApiError(CODES.forbidden, SERVER_MSG.paySignatureInvalid);
  return getDb().transaction(async (tx) => {
    const t = tx as unknown as Tx;
    const [row] = await t.select({ o: orders, p: products }).from(orders).innerJoin(products, eq(products.id, orders.productId)).where(eq(orders.id, n.order_id)).for('update');
    if (!row) throw notFound(SERVER_MSG.orderNotFound);
    if (row.o.provider !== providerName) throw notFound(SERVER_MSG.orderNotFound);
    if (row.o.price !== n.amount) throw new ApiError(CODES.conflict, SERVER_MSG.payAmountMismatch);
    await t.insert(paymentNotifications).values({ provider: providerName, notificationId: n.notification_id, orderId: n.order_id, payload: n }).onConflictDoNothing();
    const [paid] = await t.update(orders).set({ status: 'paid', paidAt: now }).where(and(eq(orders.id, n.order_id), sql`${orders.status} in ('pending', 'expired', 'cancelled')`)).returning();
    if (!paid) return { order_id: n.order_id, status: row.o.status, credited: false };
    const txId = await fulfil(t, paid, row.p, now);
    if (paid.memberCouponId) await spendCoupon(t, paid.memberCouponId, paid.id, now);
    // Paid after it was cancelled or expired (the payer finished on the provider's page anyway): the money is
    // taken, so it is credited, and the slot it gave back is counted again.
    if (row.o.status !== 'pending' && row.p.dailyQuota !== null) await retakeSlot(t, paid.productId, paid.createdAt);
    await t.update(orders).set({ txId }).where(eq(orders.id, paid.id));
    log('info', 'order_paid', { orderId: paid.id, memberId: paid.memberId, price: paid.price });
    return { order_id: n.order_id, status: 'paid', credited: true };
  });
}
