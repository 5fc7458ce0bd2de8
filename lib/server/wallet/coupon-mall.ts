import 'server-only';
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import type { MallCoupon } from '@/lib/shared/dto/activity';
import type { CouponRecord } from '@/lib/shared/dto/wallet-records';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { coupons, memberCoupons } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { grantCoupon } from './coupons';

/** The grant key of a mall claim: one per member and coupon (docs/activity-wheel.md "Coupon mall"). */
export const mallGrantKey = (couponId: number) => `mall:${couponId}`;

const offered = and(eq(coupons.active, true), isNotNull(coupons.mallStock));

/** GET /v1/mall/coupons: the coupons on offer in order, with what is left and whether this member took one. */
export async function listMallCoupons(memberId: number | null): Promise<MallCoupon[]> {
  const rows = await getDb().select().from(coupons).where(offered).orderBy(asc(coupons.sort), asc(coupons.id));
  const claimed = new Set<string>();
  if (memberId !== null && rows.length) {
    const keys = rows.map((c) => mallGrantKey(c.id));
    const mine = await getDb()
      .select({ key: memberCoupons.grantKey })
      .from(memberCoupons)
      .where(and(eq(memberCoupons.memberId, memberId), inArray(memberCoupons.grantKey, keys)));
    for (const m of mine) if (m.key) claimed.add(m.key);
  }
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    threshold_price: c.thresholdPrice,
    discount: c.discount,
    valid_days: c.validDays,
    stock: c.mallStock ?? 0,
    left: Math.max(0, (c.mallStock ?? 0) - c.mallClaimed),
    claimed: claimed.has(mallGrantKey(c.id)),
  }));
}

/**
 * POST /v1/mall/coupons/{id}/claim. One transaction: the member's coupon under the key `mall:{id}` (a second claim,
 * however it races, finds the first and is refused), then one unit of the mall stock by a conditional update that
 * only passes while claims are below stock; a sold-out coupon throws, which rolls the member's coupon back.
 */
export async function claimMallCoupon(memberId: number, couponId: number, now = new Date()): Promise<CouponRecord> {
  return getDb().transaction(async (tx) => {
    const [coupon] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, couponId), offered));
    if (!coupon) throw notFound(SERVER_MSG.mallCouponNotFound);
    if (!(await grantCoupon(tx, memberId, couponId, mallGrantKey(couponId), now)))
      throw new ApiError(CODES.conflict, SERVER_MSG.mallCouponClaimed);
    const taken = await tx
      .update(coupons)
      .set({ mallClaimed: sql`${coupons.mallClaimed} + 1` })
      .where(and(eq(coupons.id, couponId), offered, lt(coupons.mallClaimed, coupons.mallStock)))
      .returning({ id: coupons.id });
    if (!taken.length) throw new ApiError(CODES.conflict, SERVER_MSG.mallCouponSoldOut);
    const [mine] = await tx
      .select()
      .from(memberCoupons)
      .where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.grantKey, mallGrantKey(couponId))));
    return {
      id: mine!.id,
      coupon_id: coupon.id,
      name: coupon.name,
      threshold_price: coupon.thresholdPrice,
      discount: coupon.discount,
      expires_at: mine!.expiresAt.toISOString(),
      status: 'usable',
      used_order_id: null,
    };
  });
}
