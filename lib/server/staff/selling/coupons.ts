import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import { couponInput, type CouponInput } from '@/lib/shared/schemas/selling';
import { SELLING_TEXT } from '@/lib/shared/selling-text';
import { getDb } from '../../db/client';
import { coupons, memberCoupons } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { assertCan, type StaffActor } from '../../core/actor';
import { writeAudit } from '../../core/audit';
import { auditView, parseSelling, type SellingForm } from './common';

const E = SELLING_TEXT.err;
export type CouponRow = typeof coupons.$inferSelect;

/**
 * Coupon templates (docs/selling.md "Coupons"): `selling:money`. The mall's stock is edited on /admin/activity and
 * is left alone here. A member's coupon points at its template, so once anyone holds one its threshold, discount
 * and validity are frozen: changing them would change coupons already given out.
 */
export async function listConsoleCoupons(): Promise<Array<CouponRow & { held: number }>> {
  const db = getDb();
  const [rows, held] = await Promise.all([
    db.select().from(coupons).orderBy(asc(coupons.sort), asc(coupons.id)),
    db.select({ couponId: memberCoupons.couponId, n: count() }).from(memberCoupons).groupBy(memberCoupons.couponId),
  ]);
  return rows.map((c) => ({ ...c, held: Number(held.find((h) => h.couponId === c.id)?.n ?? 0) }));
}

function values(c: CouponInput) {
  return {
    name: c.name,
    thresholdPrice: c.threshold_price,
    discount: c.discount,
    validDays: c.valid_days,
    grantOn: c.grant_on,
    sort: c.sort,
    active: c.active,
  };
}

export async function createCoupon(actor: StaffActor, form: SellingForm): Promise<string> {
  assertCan(actor, 'selling:money');
  const v = values(parseSelling(couponInput, form));
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(coupons).values(v).returning();
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'selling.coupon.create',
      targetType: 'coupon',
      targetId: row!.id,
      detail: { after: auditView(row!) },
      ip: actor.ip,
    });
    return v.name;
  });
}

export async function updateCoupon(actor: StaffActor, id: number, form: SellingForm): Promise<string> {
  assertCan(actor, 'selling:money');
  const v = values(parseSelling(couponInput, form));
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!before) throw notFound(E.notFound);
    const termsChanged = before.thresholdPrice !== v.thresholdPrice || before.discount !== v.discount || before.validDays !== v.validDays;
    if (termsChanged) {
      const [held] = await tx.select({ n: count() }).from(memberCoupons).where(eq(memberCoupons.couponId, id));
      if (Number(held?.n ?? 0) > 0) throw invalid(E.couponHeld);
    }
    const [after] = await tx.update(coupons).set(v).where(eq(coupons.id, id)).returning();
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'selling.coupon.update',
      targetType: 'coupon',
      targetId: id,
      detail: { before: auditView(before), after: auditView(after!) },
      ip: actor.ip,
    });
    return v.name;
  });
}

/** Off: no longer granted (sign-up, activities) and the mall stops offering it; coupons already held stay usable until they expire. */
export async function setCouponActive(actor: StaffActor, id: number, active: boolean): Promise<string> {
  assertCan(actor, 'selling:money');
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!before) throw notFound(E.notFound);
    await tx.update(coupons).set({ active }).where(eq(coupons.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: active ? 'selling.coupon.activate' : 'selling.coupon.deactivate',
      targetType: 'coupon',
      targetId: id,
      detail: { name: before.name, before: { active: before.active }, after: { active } },
      ip: actor.ip,
    });
    return before.name;
  });
}
