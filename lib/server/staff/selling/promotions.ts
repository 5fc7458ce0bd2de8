import 'server-only';
import { asc, desc, eq } from 'drizzle-orm';
import type { ConfigFlags } from '@/lib/shared/config-flags';
import { promotionInput, type PromotionInput } from '@/lib/shared/schemas/selling';
import { SELLING_TEXT } from '@/lib/shared/selling-text';
import { loadFlags } from '../../config/flags';
import { getDb, type DbOrTx } from '../../db/client';
import { configFlags, products, promotions } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { assertCan, type StaffActor } from '../../core/actor';
import { writeAudit } from '../../core/audit';
import { auditView, parseSelling, type SellingForm } from './common';

const E = SELLING_TEXT.err;
export type PromotionRow = typeof promotions.$inferSelect;

/**
 * Promotions and the home popup (docs/selling.md "Promotions"): the content team's (`selling`). GET /v1/promotions
 * reads them live and filters by the window at each request, so a scheduled promotion appears at its start and
 * leaves at its end without a job; the popup's choice is the `promotion_popup` config flag (30 s refresh).
 */
export async function listConsolePromotions(): Promise<Array<PromotionRow & { productName: string }>> {
  const rows = await getDb()
    .select({ pr: promotions, name: products.name })
    .from(promotions)
    .innerJoin(products, eq(products.id, promotions.productId))
    .orderBy(desc(promotions.active), asc(promotions.id));
  return rows.map((r) => ({ ...r.pr, productName: r.name }));
}

/** A promotion sells one product on sale, never a whole-book entry (those are bought in coins, not money). */
async function assertSellable(db: DbOrTx, productId: number): Promise<void> {
  const [p] = await db.select().from(products).where(eq(products.id, productId));
  if (!p || !p.active || p.productType === 'whole_book') throw invalid(E.promoProduct);
}

function values(p: PromotionInput) {
  return {
    productId: p.product_id,
    title: p.title,
    popupBgImage: p.popup_bg_image,
    popupButtonImage: p.popup_button_image,
    line1TextColor: p.line1_text_color,
    line2TextColor: p.line2_text_color,
    line3TextColor: p.line3_text_color,
    validDaysTextColor: p.valid_days_text_color,
    startsAt: p.starts_at,
    endsAt: p.ends_at,
    active: p.active,
  };
}

async function popupFlag(db: DbOrTx): Promise<ConfigFlags['promotion_popup']> {
  const [row] = await db.select().from(configFlags).where(eq(configFlags.key, 'promotion_popup'));
  return (row?.value as ConfigFlags['promotion_popup'] | undefined) ?? null;
}

async function writePopupFlag(db: DbOrTx, value: ConfigFlags['promotion_popup']): Promise<void> {
  if (value === null) await db.delete(configFlags).where(eq(configFlags.key, 'promotion_popup'));
  else
    await db
      .insert(configFlags)
      .values({ key: 'promotion_popup', value })
      .onConflictDoUpdate({ target: configFlags.key, set: { value, updatedAt: new Date() } });
}

export async function createPromotion(actor: StaffActor, form: SellingForm): Promise<string> {
  assertCan(actor, 'selling');
  const v = values(parseSelling(promotionInput, form));
  return getDb().transaction(async (tx) => {
    await assertSellable(tx, v.productId);
    const [row] = await tx.insert(promotions).values(v).returning();
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'selling.promotion.create',
      targetType: 'promotion',
      targetId: row!.id,
      detail: { after: auditView(row!) },
      ip: actor.ip,
    });
    return v.title;
  });
}

export async function updatePromotion(actor: StaffActor, id: number, form: SellingForm): Promise<string> {
  assertCan(actor, 'selling');
  const v = values(parseSelling(promotionInput, form));
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!before) throw notFound(E.notFound);
    await assertSellable(tx, v.productId);
    const [after] = await tx.update(promotions).set(v).where(eq(promotions.id, id)).returning();
    // The popup flag names the product too (the order form posts it): keep it in step with the promotion.
    const popup = await popupFlag(tx);
    if (popup?.promotion_id === id && popup.product_id !== v.productId)
      await writePopupFlag(tx, { promotion_id: id, product_id: v.productId });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'selling.promotion.update',
      targetType: 'promotion',
      targetId: id,
      detail: { before: auditView(before), after: auditView(after!) },
      ip: actor.ip,
    });
  });
  await loadFlags();
  return v.title;
}

export async function setPromotionActive(actor: StaffActor, id: number, active: boolean): Promise<string> {
  assertCan(actor, 'selling');
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!before) throw notFound(E.notFound);
    await tx.update(promotions).set({ active }).where(eq(promotions.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: active ? 'selling.promotion.activate' : 'selling.promotion.deactivate',
      targetType: 'promotion',
      targetId: id,
      detail: { title: before.title, before: { active: before.active }, after: { active } },
      ip: actor.ip,
    });
    return before.title;
  });
}

/** The current popup, for the page. */
export async function currentPopup(): Promise<ConfigFlags['promotion_popup']> {
  return popupFlag(getDb());
}

/**
 * Chooses the promotion the home popup shows, or none. Only a promotion switched on may be chosen; whether it is
 * inside its window is checked by the reader's GET /v1/promotions, so a popup can be set ahead of its start.
 */
export async function setPromotionPopup(actor: StaffActor, promotionId: number | null): Promise<string | null> {
  assertCan(actor, 'selling');
  const title = await getDb().transaction(async (tx) => {
    let value: ConfigFlags['promotion_popup'] = null;
    let title: string | null = null;
    if (promotionId !== null) {
      const [pr] = await tx.select().from(promotions).where(eq(promotions.id, promotionId));
      if (!pr || !pr.active) throw invalid(E.popupPromotion);
      value = { promotion_id: pr.id, product_id: pr.productId };
      title = pr.title;
    }
    const before = await popupFlag(tx);
    await writePopupFlag(tx, value);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'selling.popup.set',
      targetType: 'promotion',
      targetId: promotionId ?? undefined,
      detail: { before, after: value },
      ip: actor.ip,
    });
    return title;
  });
  // This process at once; the others within the flags' 30 s refresh.
  await loadFlags();
  return title;
}
