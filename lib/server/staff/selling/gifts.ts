import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { giftInput, type GiftInput } from '@/lib/shared/schemas/selling';
import { SELLING_TEXT } from '@/lib/shared/selling-text';
import { invalidateNow } from '../../core/cache';
import { getDb } from '../../db/client';
import { gifts } from '../../db/schema';
import { notFound } from '../../core/errors';
import { GIFTS_TAG } from '../../social/gifts';
import { assertCan, type StaffActor } from '../../core/actor';
import { writeAudit } from '../../core/audit';
import { auditView, parseSelling, type SellingForm } from './common';

const E = SELLING_TEXT.err;
export type GiftRow = typeof gifts.$inferSelect;

/**
 * Tip gifts (docs/selling.md "Gifts"): the content team's (`selling`). The gift grid is cached under GIFTS_TAG; every
 * save expires it at once, so the next tip sheet shows the change. A tip charges the gift's price at the moment it
 * is sent (`sendTip` reads it in its transaction), so a price change never alters a tip already made.
 */
export async function listConsoleGifts(): Promise<GiftRow[]> {
  return getDb().select().from(gifts).orderBy(asc(gifts.languageType), asc(gifts.sort), asc(gifts.id));
}

function values(g: GiftInput) {
  return {
    title: g.title,
    thumb: g.thumb!,
    wealth: g.wealth,
    isFree: g.is_free,
    languageType: g.language_type,
    sort: g.sort,
    active: g.active,
  };
}

export async function createGift(actor: StaffActor, form: SellingForm): Promise<string> {
  assertCan(actor, 'selling');
  const v = values(parseSelling(giftInput, form));
  await getDb().transaction(async (tx) => {
    const [row] = await tx.insert(gifts).values(v).returning();
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'selling.gift.create',
      targetType: 'gift',
      targetId: row!.id,
      detail: { after: auditView(row!) },
      ip: actor.ip,
    });
  });
  void invalidateNow(GIFTS_TAG);
  return v.title;
}

export async function updateGift(actor: StaffActor, id: number, form: SellingForm): Promise<string> {
  assertCan(actor, 'selling');
  const v = values(parseSelling(giftInput, form));
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(gifts).where(eq(gifts.id, id)).for('update');
    if (!before) throw notFound(E.notFound);
    const [after] = await tx.update(gifts).set(v).where(eq(gifts.id, id)).returning();
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'selling.gift.update',
      targetType: 'gift',
      targetId: id,
      detail: { before: auditView(before), after: auditView(after!) },
      ip: actor.ip,
    });
  });
  void invalidateNow(GIFTS_TAG);
  return v.title;
}

/** Off sale: left out of the grid and refused by POST /v1/novels/{nid}/tips; tips already sent keep it. */
export async function setGiftActive(actor: StaffActor, id: number, active: boolean): Promise<string> {
  assertCan(actor, 'selling');
  const title = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(gifts).where(eq(gifts.id, id)).for('update');
    if (!before) throw notFound(E.notFound);
    await tx.update(gifts).set({ active }).where(eq(gifts.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: active ? 'selling.gift.activate' : 'selling.gift.deactivate',
      targetType: 'gift',
      targetId: id,
      detail: { title: before.title, before: { active: before.active }, after: { active } },
      ip: actor.ip,
    });
    return before.title;
  });
  void invalidateNow(GIFTS_TAG);
  return title;
}
