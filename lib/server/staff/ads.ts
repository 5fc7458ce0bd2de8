import 'server-only';
import { and, asc, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { AD_AUDIENCES, AD_BRANDS, AD_PLACEMENTS } from '@/lib/shared/ads';
import { adDestination, adImage } from '@/lib/shared/ad-destination';
import { ADS_CONSOLE as C } from '@/lib/shared/ads-text';
import { addBusinessDays, businessDayOf, parseBusinessTime } from '@/lib/shared/business-time';
import { loadFlags } from '../config/flags';
import { getDb } from '../db/client';
import { adDailyStats, ads, orders, products } from '../db/schema';
import { invalid, notFound } from '../core/errors';
import { publishAdFiles } from '../ads/files';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';

/** The console's ads page (docs/ads.md "Console"): every ad with its last 14 days, and the staff's edits, audited. */

export const AD_CAP_MAX = 1000;
export const AD_WEIGHT_MAX = 1_000_000;
export const STATS_DAYS = 14;

export type AdRow = typeof ads.$inferSelect;

export interface AdStatsDay {
  day: string;
  impressions: number;
  clicks: number;
}

export interface ConsoleAd extends AdRow {
  days: AdStatsDay[];
}

export async function listConsoleAds(now = new Date()): Promise<ConsoleAd[]> {
  const db = getDb();
  const since = addBusinessDays(businessDayOf(now), -(STATS_DAYS - 1));
  const [rows, stats] = await Promise.all([
    db.select().from(ads).orderBy(desc(ads.active), asc(ads.placement), asc(ads.id)),
    db.select().from(adDailyStats).where(gte(adDailyStats.day, since)).orderBy(desc(adDailyStats.day)),
  ]);
  return rows.map((a) => ({
    ...a,
    days: stats.filter((s) => s.adId === a.id).map((s) => ({ day: s.day, impressions: s.impressions, clicks: s.clicks })),
  }));
}

/** Paid ad-removal orders per scene (null: opened without one), for the console's removal table. */
export async function removalOrdersByScene(): Promise<Array<{ scene: number | null; paid: number; revenue: number }>> {
  const rows = await getDb()
    .select({ scene: orders.scene, paid: sql<number>`count(*)::int`, revenue: sql<number>`coalesce(sum(${orders.price}), 0)::int` })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(products.productType, 'ad_removal'), isNotNull(orders.paidAt)))
    .groupBy(orders.scene)
    .orderBy(asc(orders.scene));
  return rows.map((r) => ({ scene: r.scene, paid: Number(r.paid), revenue: Number(r.revenue) }));
}

/** The form's fields as typed (strings; the checkbox present or not). */
export interface AdForm {
  placement: string;
  title: string;
  body: string;
  image: string;
  link: string;
  language_type: string;
  channel: string;
  audience: string;
  bonus_hunter_only: boolean;
  brand: string;
  starts_at: string;
  ends_at: string;
  daily_cap: string;
  weight: string;
  active: boolean;
}

function oneOf<T extends string>(list: readonly T[], value: string): T {
  if (!(list as readonly string[]).includes(value)) throw invalid(C.invalidChoice);
  return value as T;
}

function optionalChoice(value: string, allowed: string[]): number | null {
  if (value === '') return null;
  if (!allowed.includes(value)) throw invalid(C.invalidChoice);
  return Number(value);
}

/** 'YYYY-MM-DD HH:mm' (or the browser's 'YYYY-MM-DDTHH:mm') in Asia/Shanghai; '' is null. */
export function consoleTime(value: string): Date | null {
  const v = value.trim();
  if (!v) return null;
  const t = parseBusinessTime(v);
  if (!t) throw invalid(C.invalidTime);
  return t;
}

function whole(value: string, max: number, message: string, empty: boolean): number | null {
  const v = value.trim();
  if (v === '' && empty) return null;
  if (!/^\d{1,7}$/.test(v) || Number(v) < 1 || Number(v) > max) throw invalid(message);
  return Number(v);
}

/** Every field checked: the destination and picture as docs/ads.md "Destinations" says, the window, cap and weight. */
export function parseAdForm(form: AdForm): Omit<typeof ads.$inferInsert, 'id'> {
  const title = form.title.trim();
  if (!title || title.length > 64) throw invalid(C.invalidTitle);
  const body = form.body.trim();
  if (body.length > 200) throw invalid(C.invalidBody);
  const link = adDestination(form.link);
  if (!link) throw invalid(C.invalidLink);
  const image = adImage(form.image);
  if (!image) throw invalid(C.invalidImage);
  const startsAt = consoleTime(form.starts_at);
  const endsAt = consoleTime(form.ends_at);
  if (startsAt && endsAt && endsAt <= startsAt) throw invalid(C.invalidWindow);
  return {
    placement: oneOf(AD_PLACEMENTS, form.placement),
    title,
    body,
    image,
    link,
    languageType: optionalChoice(form.language_type, ['0', '1', '2']),
    channel: optionalChoice(form.channel, ['1', '2']),
    audience: oneOf(AD_AUDIENCES, form.audience),
    bonusHunterOnly: form.bonus_hunter_only,
    brand: oneOf(AD_BRANDS, form.brand),
    startsAt,
    endsAt,
    dailyCap: whole(form.daily_cap, AD_CAP_MAX, C.invalidCap, true),
    weight: whole(form.weight, AD_WEIGHT_MAX, C.invalidWeight, false)!,
    active: form.active,
  };
}

/** What the audit row keeps of an ad: the fields staff set, times as ISO strings. */
function auditView(a: Omit<typeof ads.$inferInsert, 'id'>) {
  return {
    ...a,
    startsAt: a.startsAt?.toISOString() ?? null,
    endsAt: a.endsAt?.toISOString() ?? null,
    createdAt: undefined,
    updatedAt: undefined,
  };
}

/** Creates an ad, writes its audit row and republishes the static files, all in one transaction. */
export async function createAd(actor: StaffActor, form: AdForm, now = new Date()): Promise<{ id: number; title: string }> {
  assertCan(actor, 'ads');
  const values = parseAdForm(form);
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(ads)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning({ id: ads.id });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'ad.create',
      targetType: 'ad',
      targetId: row!.id,
      detail: { after: auditView(values) },
      ip: actor.ip,
    });
    await publishAdFiles(tx, now);
    return { id: row!.id, title: values.title };
  });
  await loadFlags();
  return result;
}

export async function updateAd(actor: StaffActor, id: number, form: AdForm, now = new Date()): Promise<string> {
  assertCan(actor, 'ads');
  const values = parseAdForm(form);
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(ads).where(eq(ads.id, id)).for('update');
    if (!before) throw notFound(C.notFound);
    await tx
      .update(ads)
      .set({ ...values, updatedAt: now })
      .where(eq(ads.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'ad.update',
      targetType: 'ad',
      targetId: id,
      detail: { before: auditView(before), after: auditView(values) },
      ip: actor.ip,
    });
    await publishAdFiles(tx, now);
  });
  await loadFlags();
  return values.title;
}

/** Deactivates (or reactivates) an ad: it stops being served and leaves the static files at once. */
export async function setAdActive(actor: StaffActor, id: number, active: boolean, now = new Date()): Promise<string> {
  assertCan(actor, 'ads');
  const title = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(ads).where(eq(ads.id, id)).for('update');
    if (!before) throw notFound(C.notFound);
    await tx.update(ads).set({ active, updatedAt: now }).where(eq(ads.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: active ? 'ad.activate' : 'ad.deactivate',
      targetType: 'ad',
      targetId: id,
      detail: { title: before.title, before: before.active, after: active },
      ip: actor.ip,
    });
    await publishAdFiles(tx, now);
    return before.title;
  });
  await loadFlags();
  return title;
}

/** The day the stats table starts from, for the page's note. */
export function statsSince(now = new Date()): string {
  return businessDayOf(new Date(now.getTime() - (STATS_DAYS - 1) * 86_400_000));
}
