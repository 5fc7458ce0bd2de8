import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LISTEN_LIST_SLUGS } from '@/lib/shared/listen-lists';
import { STOREFRONT_TEXT } from '@/lib/shared/storefront-text';
import { getDb, type DbOrTx } from '../../db/client';
import { bookListItems, bookLists, listItems, lists, novels, webLayoutBlocks } from '../../db/schema';
import { ApiError, invalid, notFound } from '../../core/errors';
import { assertCan, type StaffActor } from '../../core/actor';
import { writeAudit } from '../../core/audit';
import { checkLanguage, checkName, checkReadType, moved, PERMISSION, pickNovel, refresh, TAGS } from './common';

const E = STOREFRONT_TEXT.err;
const OK = STOREFRONT_TEXT.ok;

/** More than a page's worth of novels in one curated list is a sign of a mistake, not curation. */
export const MAX_LIST_NOVELS = 200;
const SLUG = /^[a-z_]{2,32}$/;

export type NovelOp = { op: 'add'; novelId: number } | { op: 'remove'; novelId: number } | { op: 'move'; novelId: number; dir: -1 | 1 };

/**
 * The shared steps of a novel list edit (curated lists and book lists alike): the order before, the order after,
 * and the novel's title for the flash line. `write` replaces the rows with the new order.
 */
async function editOrder(
  tx: DbOrTx,
  before: number[],
  change: NovelOp,
  want: { languageType: number; listenable?: boolean },
  listName: string,
): Promise<{ after: number[]; message: string }> {
  if (change.op === 'add') {
    const novel = await pickNovel(tx, change.novelId, want);
    if (before.includes(novel.id)) throw invalid(E.novelAlreadyIn(novel.title));
    if (before.length >= MAX_LIST_NOVELS) throw invalid(E.listFull(MAX_LIST_NOVELS));
    return { after: [...before, novel.id], message: OK.novelAdded(novel.title, listName) };
  }
  if (!before.includes(change.novelId)) throw invalid(E.novelNotIn);
  if (change.op === 'move') return { after: moved(before, change.novelId, change.dir), message: OK.moved };
  const [row] = await tx.select({ title: novels.title }).from(novels).where(eq(novels.id, change.novelId));
  return { after: before.filter((id) => id !== change.novelId), message: OK.novelRemoved(row?.title ?? String(change.novelId), listName) };
}

// ---- Curated lists (`lists`: the home's modules, 免费/限免, the listening lists, docs/storefront.md "Lists") ----

export interface ListInput {
  name: string;
  slug: string;
  languageType: number;
  readType: number;
  gender: number | null;
}

export async function createList(actor: StaffActor, input: ListInput): Promise<string> {
  assertCan(actor, PERMISSION);
  const values = {
    name: checkName(input.name),
    slug: input.slug.trim(),
    languageType: checkLanguage(input.languageType),
    readType: checkReadType(input.readType),
    gender: input.gender === 1 || input.gender === 2 ? input.gender : null,
  };
  if (!SLUG.test(values.slug)) throw invalid(E.slugInvalid);
  const id = await getDb().transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: lists.id })
      .from(lists)
      .where(and(eq(lists.slug, values.slug), eq(lists.languageType, values.languageType)));
    if (taken) throw invalid(E.slugTaken);
    const [row] = await tx.insert(lists).values(values).returning({ id: lists.id });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.list.create',
      targetType: 'list',
      targetId: row!.id,
      detail: { after: values },
      ip: actor.ip,
    });
    return row!.id;
  });
  refresh(TAGS.list(id));
  return OK.listCreated(values.name);
}

export async function renameList(actor: StaffActor, id: number, rawName: string): Promise<string> {
  assertCan(actor, PERMISSION);
  const name = checkName(rawName);
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(lists).where(eq(lists.id, id)).for('update');
    if (!before) throw notFound(E.listNotFound);
    await tx.update(lists).set({ name }).where(eq(lists.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.list.update',
      targetType: 'list',
      targetId: id,
      detail: { before: { name: before.name }, after: { name } },
      ip: actor.ip,
    });
  });
  refresh(TAGS.list(id));
  return OK.listRenamed(name);
}

/** Adds, removes or moves one novel of a curated list; the audit row holds the whole order before and after. */
export async function editListNovels(actor: StaffActor, listId: number, change: NovelOp): Promise<string> {
  assertCan(actor, PERMISSION);
  const message = await getDb().transaction(async (tx) => {
    // The list row is locked so two editors' changes to one list queue up rather than interleave positions.
    const [list] = await tx.select().from(lists).where(eq(lists.id, listId)).for('update');
    if (!list) throw notFound(E.listNotFound);
    const rows = await tx
      .select({ id: listItems.novelId })
      .from(listItems)
      .where(eq(listItems.listId, listId))
      .orderBy(asc(listItems.position));
    const before = rows.map((r) => r.id);
    const want = { languageType: list.languageType, listenable: list.readType === 2 };
    const { after, message } = await editOrder(tx, before, change, want, list.name);
    await tx.delete(listItems).where(eq(listItems.listId, listId));
    if (after.length) await tx.insert(listItems).values(after.map((novelId, position) => ({ listId, novelId, position })));
    await writeAudit(tx, {
      staffId: actor.id,
      action: `storefront.list.${change.op}`,
      targetType: 'list',
      targetId: listId,
      detail: { novel: change.novelId, before, after },
      ip: actor.ip,
    });
    return message;
  });
  refresh(TAGS.list(listId));
  return message;
}

/** Lists the reader's pages read by slug (免费, the recommendations, the listening lists): never deleted. */
export const PROTECTED_LIST_SLUGS: readonly string[] = ['recommend', 'free', ...LISTEN_LIST_SLUGS];

/**
 * Deletes a list made for a home block or a campaign, with its entries. Refused while a home block shows it (the
 * block would silently vanish) and for the lists pages read by slug.
 */
export async function deleteList(actor: StaffActor, id: number): Promise<string> {
  assertCan(actor, PERMISSION);
  const name = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(lists).where(eq(lists.id, id)).for('update');
    if (!before) throw notFound(E.listNotFound);
    if (PROTECTED_LIST_SLUGS.includes(before.slug)) throw invalid(E.listProtected);
    const [used] = await tx.select({ id: webLayoutBlocks.id }).from(webLayoutBlocks).where(eq(webLayoutBlocks.listId, id)).limit(1);
    if (used) throw invalid(E.listInUse);
    const items = await tx
      .select({ id: listItems.novelId })
      .from(listItems)
      .where(eq(listItems.listId, id))
      .orderBy(asc(listItems.position));
    await tx.delete(listItems).where(eq(listItems.listId, id));
    await tx.delete(lists).where(eq(lists.id, id));
    const { id: _i, ...was } = before;
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.list.delete',
      targetType: 'list',
      targetId: id,
      detail: { before: { ...was, novels: items.map((i) => i.id) } },
      ip: actor.ip,
    });
    return before.name;
  });
  refresh(TAGS.list(id));
  return OK.listDeleted(name);
}

// ---- Book lists (书单, /m/booklists/{id}) ----

export interface BookListInput {
  name: string;
  description: string;
  languageType: number;
}

const bookListValues = (input: BookListInput) => ({
  name: checkName(input.name),
  description: input.description.trim().slice(0, 500),
  languageType: checkLanguage(input.languageType),
});

export async function createBookList(actor: StaffActor, input: BookListInput): Promise<string> {
  assertCan(actor, PERMISSION);
  const values = bookListValues(input);
  const id = await getDb().transaction(async (tx) => {
    const [row] = await tx.insert(bookLists).values(values).returning({ id: bookLists.id });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.booklist.create',
      targetType: 'book_list',
      targetId: row!.id,
      detail: { after: values },
      ip: actor.ip,
    });
    return row!.id;
  });
  refresh(TAGS.bookList(id));
  return OK.bookListCreated(values.name);
}

/** Name and description; the language stays, since the novels in it were checked against it. */
export async function updateBookList(actor: StaffActor, id: number, input: Omit<BookListInput, 'languageType'>): Promise<string> {
  assertCan(actor, PERMISSION);
  const values = { name: checkName(input.name), description: input.description.trim().slice(0, 500) };
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(bookLists).where(eq(bookLists.id, id)).for('update');
    if (!before) throw notFound(E.listNotFound);
    await tx.update(bookLists).set(values).where(eq(bookLists.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.booklist.update',
      targetType: 'book_list',
      targetId: id,
      detail: { before: { name: before.name, description: before.description }, after: values },
      ip: actor.ip,
    });
  });
  refresh(TAGS.bookList(id));
  return OK.bookListSaved(values.name);
}

/** Deletes a book list and its entries; its page then answers "not found". */
export async function deleteBookList(actor: StaffActor, id: number): Promise<string> {
  assertCan(actor, PERMISSION);
  const name = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(bookLists).where(eq(bookLists.id, id)).for('update');
    if (!before) throw notFound(E.listNotFound);
    const items = await tx
      .select({ id: bookListItems.novelId })
      .from(bookListItems)
      .where(eq(bookListItems.bookListId, id))
      .orderBy(asc(bookListItems.position));
    await tx.delete(bookListItems).where(eq(bookListItems.bookListId, id));
    await tx.delete(bookLists).where(eq(bookLists.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'storefront.booklist.delete',
      targetType: 'book_list',
      targetId: id,
      detail: {
        before: { name: before.name, description: before.description, languageType: before.languageType, novels: items.map((i) => i.id) },
      },
      ip: actor.ip,
    });
    return before.name;
  });
  refresh(TAGS.bookList(id));
  return OK.listDeleted(name);
}

export async function editBookListNovels(actor: StaffActor, bookListId: number, change: NovelOp): Promise<string> {
  assertCan(actor, PERMISSION);
  const message = await getDb().transaction(async (tx) => {
    const [list] = await tx.select().from(bookLists).where(eq(bookLists.id, bookListId)).for('update');
    if (!list) throw notFound(E.listNotFound);
    const rows = await tx
      .select({ id: bookListItems.novelId })
      .from(bookListItems)
      .where(eq(bookListItems.bookListId, bookListId))
      .orderBy(asc(bookListItems.position));
    const before = rows.map((r) => r.id);
    const { after, message } = await editOrder(tx, before, change, { languageType: list.languageType }, list.name);
    await tx.delete(bookListItems).where(eq(bookListItems.bookListId, bookListId));
    if (after.length) await tx.insert(bookListItems).values(after.map((novelId, position) => ({ bookListId, novelId, position })));
    await writeAudit(tx, {
      staffId: actor.id,
      action: `storefront.booklist.${change.op}`,
      targetType: 'book_list',
      targetId: bookListId,
      detail: { novel: change.novelId, before, after },
      ip: actor.ip,
    });
    return message;
  });
  refresh(TAGS.bookList(bookListId));
  return message;
}

// ---- What the console pages show ----

/**
 * The confirmation step of adding a novel by id: the novel's title when it may be added to this list, or why
 * not — the same checks the add itself makes again (nothing here writes).
 */
export async function previewPick(
  kind: 'list' | 'book_list',
  listId: number,
  novelId: number,
): Promise<{ novel: { id: number; title: string } } | { error: string } | null> {
  const db = getDb();
  const [list] =
    kind === 'list'
      ? await db.select({ lang: lists.languageType, readType: lists.readType }).from(lists).where(eq(lists.id, listId))
      : await db
          .select({ lang: bookLists.languageType, readType: sql<number>`1` })
          .from(bookLists)
          .where(eq(bookLists.id, listId));
  if (!list) return null;
  try {
    const novel = await pickNovel(db, novelId, { languageType: list.lang, listenable: list.readType === 2 });
    const [inList] =
      kind === 'list'
        ? await db
            .select()
            .from(listItems)
            .where(and(eq(listItems.listId, listId), eq(listItems.novelId, novelId)))
        : await db
            .select()
            .from(bookListItems)
            .where(and(eq(bookListItems.bookListId, listId), eq(bookListItems.novelId, novelId)));
    return inList ? { error: E.novelAlreadyIn(novel.title) } : { novel };
  } catch (err) {
    if (err instanceof ApiError) return { error: err.message };
    throw err;
  }
}

export interface ConsoleNovel {
  id: number;
  title: string;
  offShelf: boolean;
}

async function titled(ids: number[]): Promise<Map<number, ConsoleNovel>> {
  if (!ids.length) return new Map();
  const rows = await getDb()
    .select({ id: novels.id, title: novels.title, offShelf: novels.isOffShelf })
    .from(novels)
    .where(inArray(novels.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The curated lists of one language, with how many novels each holds. */
export async function consoleLists(languageType: number) {
  return getDb()
    .select({
      id: lists.id,
      name: lists.name,
      slug: lists.slug,
      readType: lists.readType,
      gender: lists.gender,
      count: sql<number>`(select count(*)::int from ${listItems} where ${listItems.listId} = ${lists.id})`,
    })
    .from(lists)
    .where(eq(lists.languageType, languageType))
    .orderBy(asc(lists.id));
}

/** One curated list with its novels in order (off-shelf ones flagged: readers do not see them). */
export async function consoleList(id: number) {
  const [list] = await getDb().select().from(lists).where(eq(lists.id, id));
  if (!list) return null;
  const rows = await getDb()
    .select({ id: listItems.novelId })
    .from(listItems)
    .where(eq(listItems.listId, id))
    .orderBy(asc(listItems.position));
  const byId = await titled(rows.map((r) => r.id));
  return { list, novels: rows.map((r) => byId.get(r.id)!).filter(Boolean) };
}

export async function consoleBookLists(languageType: number) {
  return getDb()
    .select({
      id: bookLists.id,
      name: bookLists.name,
      description: bookLists.description,
      count: sql<number>`(select count(*)::int from ${bookListItems} where ${bookListItems.bookListId} = ${bookLists.id})`,
    })
    .from(bookLists)
    .where(eq(bookLists.languageType, languageType))
    .orderBy(asc(bookLists.id));
}

export async function consoleBookList(id: number) {
  const [list] = await getDb().select().from(bookLists).where(eq(bookLists.id, id));
  if (!list) return null;
  const rows = await getDb()
    .select({ id: bookListItems.novelId })
    .from(bookListItems)
    .where(eq(bookListItems.bookListId, id))
    .orderBy(asc(bookListItems.position));
  const byId = await titled(rows.map((r) => r.id));
  return { list, novels: rows.map((r) => byId.get(r.id)!).filter(Boolean) };
}
