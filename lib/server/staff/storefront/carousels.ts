import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { adDestination, adImage } from '@/lib/shared/ad-destination';
import { STOREFRONT_TEXT } from '@/lib/shared/storefront-text';
import { getDb, type DbOrTx } from '../../db/client';
import { novels, richListItems, richLists, webLayoutBlocks } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { assertCan, type StaffActor } from '../../core/actor';
import { writeAudit } from '../../core/audit';
import { checkLanguage, checkName, checkReadType, moved, PERMISSION, pickNovel, refresh, TAGS } from './common';

const E = STOREFRONT_TEXT.err;
const OK = STOREFRONT_TEXT.ok;

/** The reader shows at most 20 items of a rich list (PAGE_SIZE.audioCarousel, docs/catalogue.md). */
export const MAX_CAROUSEL_ITEMS = 20;
const SLUG = /^[a-z_]{2,32}$/;

export interface CarouselInput {
  name: string;
  slug: string;
  languageType: number;
  readType: number;
}

/** A carousel (rich list): blocks of the home layout name it by id, pages read `carousel.{lang}` by slug. */
export async function createCarousel(actor: StaffActor, input: CarouselInput): Promise<string> {
  assertCan(actor, PERMISSION);
  const values = {
    name: checkName(input.name),
    slug: input.slug.trim(),
    languageType: checkLanguage(input.languageType),
    readType: checkReadType(input.readType),
  };
  if (!SLUG.test(values.slug)) throw invalid(E.slugInvalid);
  await getDb().transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: richLists.id })
      .from(richLists)
      .where(
        and(eq(richLists.slug, values.slug), eq(richLists.languageType, values.languageType), eq(richLists.readType, values.readType)),
      );
    if (taken) throw invalid(E.slugTaken);
    const [row] = await tx.insert(richLists).values(values).returning({ id: richLists.id });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.carousel.create',
      targetType: 'rich_list',
      targetId: row!.id,
      detail: { after: values },
      ip: actor.ip,
    });
  });
  refresh(TAGS.carousel());
  return OK.carouselCreated(values.name);
}

/**
 * Deletes a carousel and its slides. Refused for the language's shared `carousel` (the fallback of every carousel
 * block without one, and the listening home's) and while a home block names it.
 */
export async function deleteCarousel(actor: StaffActor, id: number): Promise<string> {
  assertCan(actor, PERMISSION);
  const name = await getDb().transaction(async (tx) => {
    const list = await lockList(tx, id);
    if (list.slug === 'carousel') throw invalid(E.listProtected);
    const [used] = await tx.select({ id: webLayoutBlocks.id }).from(webLayoutBlocks).where(eq(webLayoutBlocks.richListId, id)).limit(1);
    if (used) throw invalid(E.listInUse);
    const items = await tx.select().from(richListItems).where(eq(richListItems.richListId, id)).orderBy(asc(richListItems.position));
    await tx.delete(richListItems).where(eq(richListItems.richListId, id));
    await tx.delete(richLists).where(eq(richLists.id, id));
    const { id: _i, ...was } = list;
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.carousel.delete',
      targetType: 'rich_list',
      targetId: id,
      detail: { before: { ...was, items: items.map(({ richListId: _r, ...item }) => item) } },
      ip: actor.ip,
    });
    return list.name;
  });
  refresh(TAGS.carousel());
  return OK.listDeleted(name);
}

export interface CarouselItemInput {
  title: string;
  banner: string;
  summary: string;
  link: string;
  novelId: number | null;
}

/**
 * One slide as staff typed it: a title, a picture (a site path or https: the ads' checker), and where it leads —
 * a site path or an http(s) address (never javascript:, data: or //host), or a novel, which must be on the shelf
 * in the carousel's language (and voiced for a listening carousel).
 */
async function itemValues(tx: DbOrTx, list: typeof richLists.$inferSelect, input: CarouselItemInput) {
  const title = input.title.trim();
  if (!title || title.length > 128) throw invalid(E.titleInvalid);
  const banner = adImage(input.banner);
  if (!banner) throw invalid(E.bannerInvalid);
  const rawLink = input.link.trim();
  const link = rawLink ? adDestination(rawLink) : null;
  if (rawLink && !link) throw invalid(E.linkInvalid);
  const novel = input.novelId
    ? await pickNovel(tx, input.novelId, { languageType: list.languageType, listenable: list.readType === 2 })
    : null;
  if (!link && !novel) throw invalid(E.itemNeedsTarget);
  return {
    type: 1,
    title,
    banner,
    summary: input.summary.trim().slice(0, 200),
    link: link ?? `/m/novels/${novel!.id}`,
    novelId: novel?.id ?? null,
  };
}

async function lockList(tx: DbOrTx, id: number) {
  const [list] = await tx.select().from(richLists).where(eq(richLists.id, id)).for('update');
  if (!list) throw notFound(E.listNotFound);
  return list;
}

const orderOf = async (tx: DbOrTx, richListId: number) =>
  (
    await tx
      .select({ id: richListItems.id })
      .from(richListItems)
      .where(eq(richListItems.richListId, richListId))
      .orderBy(asc(richListItems.position), asc(richListItems.id))
  ).map((r) => r.id);

async function writeOrder(tx: DbOrTx, order: number[]) {
  for (const [position, id] of order.entries()) await tx.update(richListItems).set({ position }).where(eq(richListItems.id, id));
}

export async function addCarouselItem(actor: StaffActor, richListId: number, input: CarouselItemInput): Promise<string> {
  assertCan(actor, PERMISSION);
  const title = await getDb().transaction(async (tx) => {
    const list = await lockList(tx, richListId);
    const values = await itemValues(tx, list, input);
    const order = await orderOf(tx, richListId);
    if (order.length >= MAX_CAROUSEL_ITEMS) throw invalid(E.listFull(MAX_CAROUSEL_ITEMS));
    const [row] = await tx
      .insert(richListItems)
      .values({ ...values, richListId, position: order.length })
      .returning({ id: richListItems.id });
    await writeOrder(tx, [...order, row!.id]);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.carousel.add',
      targetType: 'rich_list',
      targetId: richListId,
      detail: { item: row!.id, after: values },
      ip: actor.ip,
    });
    return values.title;
  });
  refresh(TAGS.carousel());
  return OK.itemAdded(title);
}

async function lockItem(tx: DbOrTx, itemId: number) {
  const [item] = await tx.select().from(richListItems).where(eq(richListItems.id, itemId));
  if (!item) throw notFound(E.itemNotFound);
  const list = await lockList(tx, item.richListId);
  return { item, list };
}

export async function updateCarouselItem(actor: StaffActor, itemId: number, input: CarouselItemInput): Promise<string> {
  assertCan(actor, PERMISSION);
  const title = await getDb().transaction(async (tx) => {
    const { item, list } = await lockItem(tx, itemId);
    const values = await itemValues(tx, list, input);
    await tx.update(richListItems).set(values).where(eq(richListItems.id, itemId));
    const { id: _i, richListId: _r, position: _p, ...was } = item;
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.carousel.update',
      targetType: 'rich_list',
      targetId: list.id,
      detail: { item: itemId, before: was, after: values },
      ip: actor.ip,
    });
    return values.title;
  });
  refresh(TAGS.carousel());
  return OK.itemSaved(title);
}

export async function moveCarouselItem(actor: StaffActor, itemId: number, dir: -1 | 1): Promise<string> {
  assertCan(actor, PERMISSION);
  await getDb().transaction(async (tx) => {
    const { list } = await lockItem(tx, itemId);
    const before = await orderOf(tx, list.id);
    const after = moved(before, itemId, dir);
    await writeOrder(tx, after);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.carousel.move',
      targetType: 'rich_list',
      targetId: list.id,
      detail: { item: itemId, before, after },
      ip: actor.ip,
    });
  });
  refresh(TAGS.carousel());
  return OK.moved;
}

export async function removeCarouselItem(actor: StaffActor, itemId: number): Promise<string> {
  assertCan(actor, PERMISSION);
  const title = await getDb().transaction(async (tx) => {
    const { item, list } = await lockItem(tx, itemId);
    await tx.delete(richListItems).where(eq(richListItems.id, itemId));
    await writeOrder(tx, await orderOf(tx, list.id));
    const { id: _i, richListId: _r, ...was } = item;
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.carousel.remove',
      targetType: 'rich_list',
      targetId: list.id,
      detail: { item: itemId, before: was },
      ip: actor.ip,
    });
    return item.title;
  });
  refresh(TAGS.carousel());
  return OK.itemRemoved(title);
}

// ---- What the console page shows ----

export async function consoleCarousels(languageType: number) {
  return getDb()
    .select({
      id: richLists.id,
      name: richLists.name,
      slug: richLists.slug,
      readType: richLists.readType,
      count: sql<number>`(select count(*)::int from ${richListItems} where ${richListItems.richListId} = ${richLists.id})`,
    })
    .from(richLists)
    .where(eq(richLists.languageType, languageType))
    .orderBy(asc(richLists.id));
}

export async function consoleCarousel(id: number) {
  const [list] = await getDb().select().from(richLists).where(eq(richLists.id, id));
  if (!list) return null;
  const items = await getDb()
    .select({ item: richListItems, novelTitle: novels.title, offShelf: novels.isOffShelf })
    .from(richListItems)
    .leftJoin(novels, eq(novels.id, richListItems.novelId))
    .where(eq(richListItems.richListId, id))
    .orderBy(asc(richListItems.position), asc(richListItems.id));
  return { list, items };
}
