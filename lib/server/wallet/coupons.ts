import 'server-only';
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { MSG } from '@/lib/shared/messages';
import type { DbOrTx, Tx } from '../db/client';
import { getDb } from '../db/client';
import { coupons, memberCoupons } from '../db/schema';
import { ApiError } from '../core/errors';
import type { CouponRecord, CouponStatus } from '@/lib/shared/dto/wallet-records';

// A coupon held by a pending order counts as used: it cannot go on a second order meanwhile.
const statusWhere = (status: CouponStatus, now: Date): SQL => {
  if (status === 'used') return isNotNull(memberCoupons.usedOrderId);
  if (status === 'expired') return and(isNull(memberCoupons.usedOrderId), lte(memberCoupons.expiresAt, now))!;
  return and(isNull(memberCoupons.usedOrderId), gt(memberCoupons.expiresAt, now))!;
};

export async function listMemberCoupons(
  memberId: number,
  status: CouponStatus,
  start: number,
  limit: number,
  now = new Date(),
): Promise<{ data: CouponRecord[]; hasmore: boolean }> {
  const rows = await getDb()
    .select({ mc: memberCoupons, c: coupons })
    .from(memberCoupons)
    .innerJoin(coupons, eq(coupons.id, memberCoupons.couponId))
    .where(and(eq(memberCoupons.memberId, memberId), statusWhere(status, now)))
    // Usable ones soonest-expiring first (use those first); history newest first.
    .orderBy(status === 'usable' ? asc(memberCoupons.expiresAt) : desc(memberCoupons.expiresAt), asc(memberCoupons.id))
    .offset(start)
    .limit(limit);
  const data = rows.map(({ mc, c }) => ({
    id: mc.id,
    coupon_id: c.id,
    name: c.name,
    threshold_price: c.thresholdPrice,
    discount: c.discount,
    expires_at: mc.expiresAt.toISOString(),
    status,
    used_order_id: mc.usedOrderId,
  }));
  return { data, hasmore: data.length >= limit };
}

export async function couponStats(memberId: number, now = new Date()): Promise<Record<CouponStatus, number>> {
  const count = (status: CouponStatus) => sql<number>`count(*) filter (where ${statusWhere(status, now)})::int`;
  const [row] = await getDb()
    .select({ usable: count('usable'), used: count('used'), expired: count('expired') })
    .from(memberCoupons)
    .where(eq(memberCoupons.memberId, memberId));
  return { usable: row?.usable ?? 0, used: row?.used ?? 0, expired: row?.expired ?? 0 };
}

/** Grants one coupon per (member, key): a repeated or racing grant with the same key gives nothing more. */
export async function grantCoupon(db: DbOrTx, memberId: number, couponId: number, grantKey: string, now = new Date()): Promise<boolean> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), eq(coupons.active, true)));
  if (!coupon) return false;
  const rows = await db
    .insert(memberCoupons)
    .values({ memberId, couponId, grantKey, expiresAt: new Date(now.getTime() + coupon.validDays * 86_400_000) })
    .onConflictDoNothing()
    .returning({ id: memberCoupons.id });
  return rows.length > 0;
}

/** The welcome coupons every new member receives. */
export async function grantSignupCoupons(db: DbOrTx, memberId: number, now = new Date()): Promise<void> {
  const templates = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.grantOn, 'signup'), eq(coupons.active, true)));
  for (const t of templates) await grantCoupon(db, memberId, t.id, `signup:${t.id}`, now);
}

/**
 * Holds a member's coupon for an order being created: it must be theirs, unused, unexpired, and the recharge's
 * price must reach its threshold. The row is locked, so two orders racing for one coupon get it once.
 */
export async function reserveCoupon(
  tx: Tx,
  memberId: number,
  memberCouponId: number,
  product: { productType: string; price: number },
  now: Date,
): Promise<{ id: number; discount: number }> {
  const [row] = await tx
    .select({
      id: memberCoupons.id,
      usedOrderId: memberCoupons.usedOrderId,
      expiresAt: memberCoupons.expiresAt,
      threshold: coupons.thresholdPrice,
      discount: coupons.discount,
    })
    .from(memberCoupons)
    .innerJoin(coupons, eq(coupons.id, memberCoupons.couponId))
    .where(and(eq(memberCoupons.id, memberCouponId), eq(memberCoupons.memberId, memberId)))
    .for('update', { of: memberCoupons });
  if (!row || row.usedOrderId !== null || row.expiresAt <= now)
    throw new ApiError(CODES.validation, MSG.couponMissing, undefined, 'coupon_missing');
  if (product.productType !== 'recharge' || product.price < row.threshold || row.discount >= product.price)
    throw new ApiError(CODES.validation, MSG.couponUnusable, undefined, 'coupon');
  return { id: row.id, discount: row.discount };
}

export async function attachCoupon(tx: Tx, memberCouponId: number, orderId: number): Promise<void> {
  await tx.update(memberCoupons).set({ usedOrderId: orderId }).where(eq(memberCoupons.id, memberCouponId));
}

/** An order that will never be paid gives its coupon back (unless it was already spent). */
export async function releaseCoupon(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(memberCoupons)
    .set({ usedOrderId: null })
    .where(and(eq(memberCoupons.usedOrderId, orderId), isNull(memberCoupons.usedAt)));
}

/** At fulfilment: the coupon is still reserved by this order and unspent. Locks the coupon until the payment commits. */
export async function couponStillReserved(tx: Tx, memberCouponId: number, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: memberCoupons.id })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.id, memberCouponId), eq(memberCoupons.usedOrderId, orderId), isNull(memberCoupons.usedAt)))
    .for('update');
  return row !== undefined;
}

/**
 * Payment arrived for the pending order that reserves this coupon: it is spent for good. Only that order may spend
 * it (a coupon given back by a cancelled order is never re-taken: that order is never paid, docs/wallet-orders.md).
 */
export async function spendCoupon(tx: Tx, memberCouponId: number, orderId: number, now: Date): Promise<void> {
  await tx
    .update(memberCoupons)
    .set({ usedAt: now })
    .where(and(eq(memberCoupons.id, memberCouponId), eq(memberCoupons.usedOrderId, orderId), isNull(memberCoupons.usedAt)));
}
