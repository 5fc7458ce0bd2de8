import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { STOREFRONT_TEXT } from '@/lib/shared/storefront-text';
import { getDb, type DbOrTx } from '../../db/client';
import { lists, rankings, richLists, webLayoutBlocks, webLayoutPages } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { assertCan, type StaffActor } from '../../core/actor';
import { writeAudit } from '../../core/audit';
import { checkLanguage, checkName, moved, PERMISSION, refresh, TAGS } from './common';

const E = STOREFRONT_TEXT.err;
const OK = STOREFRONT_TEXT.ok;

/** The block kinds the home page draws (lib/server/catalog/layouts.ts). */
export const BLOCK_KINDS = ['carousel', 'list', 'grid', 'ranking', 'categories'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** A channel page's name and its place among the channels (the home's 男生 / 女生 tabs). */
export async function updateLayoutPage(actor: StaffActor, pageId: number, input: { title: string; sort: number }): Promise<string> {
  assertCan(actor, PERMISSION);
  const values = { title: checkName(input.title, 32), sort: input.sort };
  if (!Number.isInteger(values.sort) || values.sort < 0 || values.sort > 100_000) throw invalid(E.sortInvalid);
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(webLayoutPages).where(eq(webLayoutPages.id, pageId)).for('update');
    if (!before) throw notFound(E.pageNotFound);
    await tx.update(webLayoutPages).set(values).where(eq(webLayoutPages.id, pageId));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.layout.page',
      targetType: 'layout_page',
      targetId: pageId,
      detail: { before: { title: before.title, sort: before.sort }, after: values },
      ip: actor.ip,
    });
  });
  refresh(TAGS.layout(pageId));
  return OK.pageSaved(values.title);
}

export interface BlockInput {
  kind: string;
  title: string;
  /**
   * What the block shows: a list (`l`, for list and grid), a carousel (`c`; none: the language's shared one) or a
   * ranking (`r`). A target of another type than the kind needs is refused.
   */
  target: { type: 'l' | 'c' | 'r'; id: number } | null;
}

/** A block's kind and what it shows, checked against the block's language so a page never points across languages. */
async function blockValues(tx: DbOrTx, languageType: number, input: BlockInput) {
  if (!(BLOCK_KINDS as readonly string[]).includes(input.kind)) throw invalid(E.blockKindInvalid);
  const kind = input.kind as BlockKind;
  const title = checkName(input.title);
  const values = { kind, title, listId: null as number | null, richListId: null as number | null, rankingId: null as number | null };
  const target = input.target;
  const need = kind === 'list' || kind === 'grid' ? 'l' : kind === 'carousel' ? 'c' : kind === 'ranking' ? 'r' : null;
  if (target && target.type !== need) throw invalid(E.blockTargetInvalid);
  if (kind === 'list' || kind === 'grid') {
    if (!target) throw invalid(E.blockTargetMissing);
    const [list] = await tx.select().from(lists).where(eq(lists.id, target.id));
    if (!list || list.languageType !== languageType) throw invalid(E.blockTargetInvalid);
    values.listId = target.id;
  } else if (kind === 'carousel' && target) {
    const [rich] = await tx.select().from(richLists).where(eq(richLists.id, target.id));
    if (!rich || rich.languageType !== languageType || rich.readType !== 1) throw invalid(E.blockTargetInvalid);
    values.richListId = target.id;
  } else if (kind === 'ranking') {
    if (!target) throw invalid(E.blockTargetMissing);
    const [ranking] = await tx.select().from(rankings).where(eq(rankings.id, target.id));
    if (!ranking) throw invalid(E.blockTargetInvalid);
    values.rankingId = target.id;
  }
  return values;
}

const blockOrder = async (tx: DbOrTx, pageId: number, languageType: number) =>
  (
    await tx
      .select({ id: webLayoutBlocks.id })
      .from(webLayoutBlocks)
      .where(and(eq(webLayoutBlocks.pageId, pageId), eq(webLayoutBlocks.languageType, languageType)))
      .orderBy(asc(webLayoutBlocks.position), asc(webLayoutBlocks.id))
  ).map((r) => r.id);

async function writeOrder(tx: DbOrTx, order: number[]) {
  for (const [position, id] of order.entries()) await tx.update(webLayoutBlocks).set({ position }).where(eq(webLayoutBlocks.id, id));
}

async function lockPage(tx: DbOrTx, pageId: number) {
  const [page] = await tx.select().from(webLayoutPages).where(eq(webLayoutPages.id, pageId)).for('update');
  if (!page) throw notFound(E.pageNotFound);
  return page;
}

async function lockBlock(tx: DbOrTx, blockId: number) {
  const [block] = await tx.select().from(webLayoutBlocks).where(eq(webLayoutBlocks.id, blockId));
  if (!block) throw notFound(E.blockNotFound);
  await lockPage(tx, block.pageId);
  return block;
}

/** A new block at the bottom of one channel page in one language. */
export async function addLayoutBlock(actor: StaffActor, pageId: number, languageType: number, input: BlockInput): Promise<string> {
  assertCan(actor, PERMISSION);
  checkLanguage(languageType);
  const title = await getDb().transaction(async (tx) => {
    await lockPage(tx, pageId);
    const values = await blockValues(tx, languageType, input);
    const order = await blockOrder(tx, pageId, languageType);
    const [row] = await tx
      .insert(webLayoutBlocks)
      .values({ ...values, pageId, languageType, position: order.length })
      .returning({ id: webLayoutBlocks.id });
    await writeOrder(tx, [...order, row!.id]);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.layout.add',
      targetType: 'layout_block',
      targetId: row!.id,
      detail: { pageId, languageType, after: values },
      ip: actor.ip,
    });
    return values.title;
  });
  refresh(TAGS.layout(pageId));
  return OK.blockAdded(title);
}

export async function updateLayoutBlock(actor: StaffActor, blockId: number, input: BlockInput): Promise<string> {
  assertCan(actor, PERMISSION);
  const { title, pageId } = await getDb().transaction(async (tx) => {
    const block = await lockBlock(tx, blockId);
    const values = await blockValues(tx, block.languageType, input);
    await tx.update(webLayoutBlocks).set(values).where(eq(webLayoutBlocks.id, blockId));
    const { kind, title, listId, richListId, rankingId } = block;
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.layout.update',
      targetType: 'layout_block',
      targetId: blockId,
      detail: {
        pageId: block.pageId,
        languageType: block.languageType,
        before: { kind, title, listId, richListId, rankingId },
        after: values,
      },
      ip: actor.ip,
    });
    return { title: values.title, pageId: block.pageId };
  });
  refresh(TAGS.layout(pageId));
  return OK.blockSaved(title);
}

export async function moveLayoutBlock(actor: StaffActor, blockId: number, dir: -1 | 1): Promise<string> {
  assertCan(actor, PERMISSION);
  const pageId = await getDb().transaction(async (tx) => {
    const block = await lockBlock(tx, blockId);
    const before = await blockOrder(tx, block.pageId, block.languageType);
    const after = moved(before, blockId, dir);
    await writeOrder(tx, after);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.layout.move',
      targetType: 'layout_block',
      targetId: blockId,
      detail: { pageId: block.pageId, languageType: block.languageType, before, after },
      ip: actor.ip,
    });
    return block.pageId;
  });
  refresh(TAGS.layout(pageId));
  return OK.moved;
}

export async function removeLayoutBlock(actor: StaffActor, blockId: number): Promise<string> {
  assertCan(actor, PERMISSION);
  const { title, pageId } = await getDb().transaction(async (tx) => {
    const block = await lockBlock(tx, blockId);
    await tx.delete(webLayoutBlocks).where(eq(webLayoutBlocks.id, blockId));
    await writeOrder(tx, await blockOrder(tx, block.pageId, block.languageType));
    const { id: _i, ...was } = block;
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.layout.remove',
      targetType: 'layout_block',
      targetId: blockId,
      detail: { before: was },
      ip: actor.ip,
    });
    return { title: block.title, pageId: block.pageId };
  });
  refresh(TAGS.layout(pageId));
  return OK.blockRemoved(title);
}

// ---- What the console page shows ----

export async function consoleLayoutPages() {
  return getDb().select().from(webLayoutPages).orderBy(asc(webLayoutPages.sort), asc(webLayoutPages.id));
}

/** One channel page's blocks in one language, with what each can point at in that language. */
export async function consoleLayout(pageId: number, languageType: number) {
  const db = getDb();
  const [page] = await db.select().from(webLayoutPages).where(eq(webLayoutPages.id, pageId));
  if (!page) return null;
  const [blocks, listRows, richRows, rankingRows] = await Promise.all([
    db
      .select()
      .from(webLayoutBlocks)
      .where(and(eq(webLayoutBlocks.pageId, pageId), eq(webLayoutBlocks.languageType, languageType)))
      .orderBy(asc(webLayoutBlocks.position), asc(webLayoutBlocks.id)),
    db
      .select({ id: lists.id, name: lists.name, slug: lists.slug })
      .from(lists)
      .where(eq(lists.languageType, languageType))
      .orderBy(asc(lists.id)),
    db
      .select({ id: richLists.id, name: richLists.name, slug: richLists.slug })
      .from(richLists)
      .where(and(eq(richLists.languageType, languageType), eq(richLists.readType, 1)))
      .orderBy(asc(richLists.id)),
    db.select({ id: rankings.id, name: rankings.name, slug: rankings.slug }).from(rankings).orderBy(asc(rankings.sort)),
  ]);
  return { page, blocks, lists: listRows, carousels: richRows, rankings: rankingRows };
}
