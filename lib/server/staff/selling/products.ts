import 'server-only';
import { asc, eq, ne } from 'drizzle-orm';
import { productInput, type ProductInput } from '@/lib/shared/schemas/selling';
import { SELLING_TEXT } from '@/lib/shared/selling-text';
import { getDb } from '../../db/client';
import { products } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { assertCan, type StaffActor } from '../../core/actor';
import { writeAudit } from '../../core/audit';
import { auditView, parseSelling, type SellingForm } from './common';

const E = SELLING_TEXT.err;
export type ProductRow = typeof products.$inferSelect;

/**
 * Products in the console (docs/selling.md "Products"): recharge packs, VIP plans, the ad removal and the
 * short-drama card. Whole-book entries belong to their novel and are left out. `selling:money` only: these set
 * what money buys. The shop reads products live (`listProducts`, no cache: limited packs carry today's slots), so
 * a save shows on the next request; orders already opened keep their own price and terms (`orders.product_terms`).
 */
export async function listConsoleProducts(): Promise<ProductRow[]> {
  return getDb()
    .select()
    .from(products)
    .where(ne(products.productType, 'whole_book'))
    .orderBy(asc(products.productType), asc(products.sort), asc(products.id));
}

function values(p: ProductInput) {
  return {
    productType: p.product_type,
    name: p.name,
    price: p.price,
    welth: p.welth,
    rewardWelth: p.reward_welth,
    rewardWelthCoupon: p.reward_welth_coupon,
    extraRewardCoupon: p.extra_reward_coupon,
    extraRewardCouponValidDays: p.extra_reward_coupon_valid_days ?? 7,
    validDays: p.valid_days,
    extraDramaDays: p.extra_drama_days,
    dailyQuota: p.daily_quota,
    sort: p.sort,
    active: p.active,
  };
}

export async function createProduct(actor: StaffActor, form: SellingForm): Promise<string> {
  assertCan(actor, 'selling:money');
  const v = values(parseSelling(productInput, form));
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(products).values(v).returning();
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'selling.product.create',
      targetType: 'product',
      targetId: row!.id,
      detail: { after: auditView(row!) },
      ip: actor.ip,
    });
    return v.name;
  });
}

/** The type is fixed once created: a recharge pack turned VIP plan would change what its past orders meant. */
export async function updateProduct(actor: StaffActor, id: number, form: SellingForm): Promise<string> {
  assertCan(actor, 'selling:money');
  const v = values(parseSelling(productInput, form));
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw notFound(E.notFound);
    if (before.productType === 'whole_book') throw invalid(E.wholeBook);
    if (before.productType !== v.productType) throw invalid(E.typeFixed);
    const [after] = await tx.update(products).set(v).where(eq(products.id, id)).returning();
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'selling.product.update',
      targetType: 'product',
      targetId: id,
      detail: { before: auditView(before), after: auditView(after!) },
      ip: actor.ip,
    });
    return v.name;
  });
}

/** Off sale: gone from the shop and refused by POST /orders at once; pending orders may still be paid. */
export async function setProductActive(actor: StaffActor, id: number, active: boolean): Promise<string> {
  assertCan(actor, 'selling:money');
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw notFound(E.notFound);
    if (before.productType === 'whole_book') throw invalid(E.wholeBook);
    await tx.update(products).set({ active }).where(eq(products.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: active ? 'selling.product.activate' : 'selling.product.deactivate',
      targetType: 'product',
      targetId: id,
      detail: { name: before.name, before: { active: before.active }, after: { active } },
      ip: actor.ip,
    });
    return before.name;
  });
}
