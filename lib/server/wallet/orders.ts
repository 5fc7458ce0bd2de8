import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { safeNext } from '@/lib/shared/schemas/accounts';
import { getDb, type Tx } from '../db/client';
import { orders, paymentNotifications, products, vipPeriods } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { assertMayPay } from '../accounts/minors';
import { log } from '../logger';
import { credit } from './credit';
import { getProductOrThrow } from './products';
import { verifySandboxNotification, type PaymentNotification } from './payments/sandbox';

const ORDER_TTL_MS = 30 * 60_000;

export interface OrderDto {
  id: number;
  status: string;
  price: number;
  product: { id: number; name: string; product_type: string; valid_days: number };
  welth: number;
  reward_welth: number;
  reward_welth_coupon: number;
  created_at: string;
  paid_at: number | null;
  pay_url: string;
  return_url: string;
  cancel_url: string;
}

type OrderRow = typeof orders.$inferSelect;
type ProductRow = typeof products.$inferSelect;

function toOrderDto(o: OrderRow, p: ProductRow): OrderDto {
  return {
    id: o.id, status: o.status, price: o.price,
    product: { id: p.id, name: p.name, product_type: p.productType, valid_days: p.validDays },
    welth: p.welth, reward_welth: p.rewardWelth, reward_welth_coupon: p.rewardWelthCoupon + p.extraRewardCoupon,
    created_at: o.createdAt.toISOString(),
    // Spec §3: paid_at in seconds.
    paid_at: o.paidAt ? Math.floor(o.paidAt.getTime() / 1000) : null,
    pay_url: `/pay/sandbox/${o.id}`, return_url: o.returnUrl ?? '/m/my', cancel_url: o.cancelUrl ?? '/m/my',
  };
}

/** A pending order for one product, paid through the provider's page; return and cancel stay on this site. */
export async function createOrder(memberId: number, productId: number, opts: { returnUrl?: string | null; cancelUrl?: string | null; nFrom?: string | null }): Promise<OrderDto> {
  const product = await getProductOrThrow(productId);
  if (product.productType === 'whole_book') throw new ApiError(CODES.validation, '全本购买请使用书币支付');
  await assertMayPay(memberId);
  const [order] = await getDb()
    .insert(orders)
    .values({
      memberId, productId, price: product.price, provider: 'sandbox', status: 'pending',
      returnUrl: safeNext(opts.returnUrl), cancelUrl: safeNext(opts.cancelUrl ?? opts.returnUrl), nFrom: opts.nFrom?.slice(0, 32) ?? null,
      expiresAt: new Date(Date.now() + ORDER_TTL_MS),
    })
    .returning();
  return toOrderDto(order!, product);
}

export async function getOrderOrThrow(orderId: number, memberId?: number): Promise<OrderDto> {
  const [row] = await getDb().select({ o: orders, p: products }).from(orders).innerJoin(products, eq(products.id, orders.productId)).where(eq(orders.id, orderId));
  // Another member's order is reported as missing: its existence is not theirs to learn.
  if (!row || (memberId !== undefined && row.o.memberId !== memberId)) throw notFound('订单不存在');
  return toOrderDto(row.o, row.p);
}

export async function listOrders(memberId: number, start: number, limit: number): Promise<{ data: OrderDto[]; hasmore: boolean }> {
  const rows = await getDb().select({ o: orders, p: products }).from(orders).innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.memberId, memberId), eq(orders.status, 'paid'))).orderBy(desc(orders.paidAt), desc(orders.id)).offset(start).limit(limit);
  const data = rows.map((r) => toOrderDto(r.o, r.p));
  return { data, hasmore: data.length >= limit };
}

/** The payer cancelled on the provider's page: their pending order ends; anything else, or anyone else's, is left as it is. */
export async function cancelOrder(orderId: number, memberId: number): Promise<OrderDto> {
  await getDb().update(orders).set({ status: 'cancelled' }).where(and(eq(orders.id, orderId), eq(orders.memberId, memberId), eq(orders.status, 'pending')));
  return getOrderOrThrow(orderId, memberId);
}

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
export async function handlePaymentNotification(n: PaymentNotification, now = new Date()): Promise<{ order_id: number; status: string; credited: boolean }> {
  if (!verifySandboxNotification(n)) throw new ApiError(CODES.forbidden, '签名校验失败');
  return getDb().transaction(async (tx) => {
    const t = tx as unknown as Tx;
    const [row] = await t.select({ o: orders, p: products }).from(orders).innerJoin(products, eq(products.id, orders.productId)).where(eq(orders.id, n.order_id)).for('update');
    if (!row) throw notFound('订单不存在');
    if (row.o.price !== n.amount) throw new ApiError(CODES.conflict, '支付金额与订单不符');
    await t.insert(paymentNotifications).values({ provider: 'sandbox', notificationId: n.notification_id, orderId: n.order_id, payload: n }).onConflictDoNothing();
    const [paid] = await t.update(orders).set({ status: 'paid', paidAt: now }).where(and(eq(orders.id, n.order_id), sql`${orders.status} in ('pending', 'expired', 'cancelled')`)).returning();
    if (!paid) return { order_id: n.order_id, status: row.o.status, credited: false };
    const txId = await fulfil(t, paid, row.p, now);
    await t.update(orders).set({ txId }).where(eq(orders.id, paid.id));
    log('info', 'order_paid', { orderId: paid.id, memberId: paid.memberId, price: paid.price });
    return { order_id: n.order_id, status: 'paid', credited: true };
  });
}
