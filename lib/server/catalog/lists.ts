import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { NovelSummary, Page } from '@/lib/shared/dto/novel';
import { getDb } from '../db/client';
import { bookListItems, bookLists, listItems, lists, novels, richListItems, richLists } from '../db/schema';
import { notFound } from '../core/errors';
import { cachedRead } from '../core/cache';
import { onShelf, page, selectSummaries, toSummaries } from './summary-query';

export interface ListDto extends Page<NovelSummary> {
  id: number;
  name: string;
  slug: string;
}

async function listPage(list: typeof lists.$inferSelect, start: number, limit: number): Promise<ListDto> {
  const where = onShelf(eq(listItems.listId, list.id));
  const [rows, [total]] = await Promise.all([
    selectSummaries()
      .innerJoin(listItems, eq(listItems.novelId, novels.id))
      .where(where)
      .orderBy(asc(listItems.position))
      .offset(start)
      .limit(limit),
    getDb().select({ n: count() }).from(listItems).innerJoin(novels, eq(novels.id, listItems.novelId)).where(where),
  ]);
  return { id: list.id, name: list.name, slug: list.slug, ...page(toSummaries(rows), limit, total?.n ?? 0) };
}

/** GET /v1/lists/{id}: a curated list, paged (init replaces, more appends on the client). */
export const getListOrThrow = cachedRead(
  'list',
  async (id: number, start: number, limit: number): Promise<ListDto> => {
    const [list] = await getDb().select().from(lists).where(eq(lists.id, id));
    if (!list) throw notFound(SERVER_MSG.listNotFound);
    return listPage(list, start, limit);
  },
  (id) => [`list:${id}`, 'lists'],
);

export const getListBySlug = cachedRead(
  'list_slug',
  async (slug: string, languageType: number, start: number, limit: number): Promise<ListDto> => {
    const [list] = await getDb()
      .select()
      .from(lists)
      .where(and(eq(lists.slug, slug), eq(lists.languageType, languageType)));
    if (!list) throw notFound(SERVER_MSG.listNotFound);
    return listPage(list, start, limit);
  },
  () => ['lists'],
);

/** GET /v1/lists/batch: several lists' first pages in one call (the home page's blocks). */
export const getListsBatch = cachedRead(
  'lists_batch',
  async (ids: number[], limit: number): Promise<ListDto[]> => {
    const found = await getDb().select().from(lists).where(inArray(lists.id, ids));
    const byId = new Map(found.map((l) => [l.id, l]));
    return Promise.all(ids.filter((id) => byId.has(id)).map((id) => listPage(byId.get(id)!, 0, limit)));
  },
  () => ['lists'],
);

export const listAllLists = cachedRead(
  'lists_all',
  async (languageType: number) => {
    const rows = await getDb().select().from(lists).where(eq(lists.languageType, languageType)).orderBy(asc(lists.id));
    return rows.map((l) => ({ id: l.id, name: l.name, slug: l.slug }));
  },
  () => ['lists'],
);

export interface RichItemDto {
  id: number;
  type: number;
  title: string;
  banner: string | null;
  summary: string;
  link: string | null;
  novel: NovelSummary | null;
}

/** A rich list by id, or by `slug.languageType` (e.g. `carousel.1`); read_type picks the text or audio variant. */
export const getRichListOrThrow = cachedRead(
  'rich_list',
  async (key: string, readType: number, limit: number): Promise<{ id: number; name: string; data: RichItemDto[] }> => {
    const db = getDb();
    const [slug, lang] = key.split('.');
    const where = /^\d+$/.test(key)
      ? eq(richLists.id, Number(key))
      : and(eq(richLists.slug, slug!), eq(richLists.languageType, Number(lang)), eq(richLists.readType, readType));
    const [list] = await db.select().from(richLists).where(where);
    if (!list) throw notFound(SERVER_MSG.notFound);
    const items = await db
      .select()
      .from(richListItems)
      .where(eq(richListItems.richListId, list.id))
      .orderBy(asc(richListItems.position))
      .limit(limit);
    const novelIds = items.map((i) => i.novelId).filter((id): id is number => id !== null);
    // The audio variant (read_type 2) never offers a novel that cannot be listened to, whatever an editor put there.
    const listenable = list.readType === 2 ? eq(novels.hasTts, true) : undefined;
    const summaries = novelIds.length ? toSummaries(await selectSummaries().where(onShelf(inArray(novels.id, novelIds), listenable))) : [];
    const byId = new Map(summaries.map((n) => [n.id, n]));
    return {
      id: list.id,
      name: list.name,
      data: items
        .filter((i) => i.novelId === null || byId.has(i.novelId))
        .map((i) => ({
          id: i.id,
          type: i.type,
          title: i.title,
          banner: i.banner,
          summary: i.summary,
          link: i.link,
          novel: i.novelId ? byId.get(i.novelId)! : null,
        })),
    };
  },
  () => ['lists'],
);

export interface BookListDto {
  id: number;
  name: string;
  description: string;
  novels: Array<NovelSummary & { banner_url: string | null }>;
}

/** GET /v1/book_lists/{id}: an editor's themed book list (docs/catalogue.md "Lists and home layouts"). */
export const getBookListOrThrow = cachedRead(
  'book_list',
  async (id: number): Promise<BookListDto> => {
    const [list] = await getDb().select().from(bookLists).where(eq(bookLists.id, id));
    if (!list) throw notFound(SERVER_MSG.listNotFound);
    const rows = await selectSummaries()
      .innerJoin(bookListItems, eq(bookListItems.novelId, novels.id))
      .where(onShelf(eq(bookListItems.bookListId, id)))
      .orderBy(asc(bookListItems.position));
    return {
      id: list.id,
      name: list.name,
      description: list.description,
      novels: toSummaries(rows).map((n) => ({ ...n, banner_url: n.banner })),
    };
  },
  (id) => [`book_list:${id}`, 'lists'],
);

export const listBookLists = cachedRead(
  'book_lists',
  async (languageType: number) => {
    const rows = await getDb().select().from(bookLists).where(eq(bookLists.languageType, languageType)).orderBy(asc(bookLists.id));
    return rows.map((l) => ({ id: l.id, name: l.name, description: l.description }));
  },
  () => ['lists'],
);
