import 'server-only';
import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { NovelSummary, Page } from '@/lib/shared/dto/novel';
import type { ReadType } from '@/lib/shared/dto/shelf';
import { LISTEN_LIST_NAMES, type ListenListSlug } from '@/lib/shared/listen-lists';
import type { ListenListQuery } from '@/lib/shared/schemas/audio-lists';
import { getDb } from '../db/client';
import { favorites, listItems, lists, novels, readLogs } from '../db/schema';
import { cachedRead } from '../core/cache';
import { onShelf, page, selectSummaries, toSummaries } from './summary-query';

/**
 * The listening lists (docs/listening.md "Lists"): GET /v1/lists/weekly, /weekly_new, /original, /subscribing, /must_listen.
 * Clients know them by name only; these are the semantics chosen:
 *
 * - weekly — the last 7 days' most listened (read_type 2) or read (read_type 1): novels ranked by how many
 *   members' read log of that kind moved in those 7 days, then by all-time popularity (so a quiet week still
 *   has a full list).
 * - weekly_new — new this week: novels first put on the shelf in the last 7 days, newest first.
 * - original — our own originals: the editors' 原创专区 list of the language, in their order (the catalogue
 *   has no originals flag; staff curate the list).
 * - subscribing — what members follow as it is written: serializing novels ranked by how many members keep
 *   them on their shelf of that kind (favorites_tts for audio), then popularity.
 * - must_listen — the editors' 必听好书 list of the language, in their order.
 *
 * Every list is within one language (language_type, default 1) and optionally one channel (gender).
 * read_type 2 — the default, these being audio calls — keeps only novels that can be listened to (has_tts),
 * whatever an editor put on a list; read_type 1 is the text kind, every novel. Off-shelf novels never show.
 */
const WEEK = sql`now() - interval '7 days'`;

export interface ListenListDto extends Page<NovelSummary> {
  slug: ListenListSlug;
  name: string;
  read_type: ReadType;
}

type Filter = Omit<ListenListQuery, 'start' | 'limit'>;

function baseWhere(f: Filter, ...more: Array<SQL | undefined>) {
  return onShelf(
    eq(novels.languageType, f.language_type),
    f.read_type === 2 ? eq(novels.hasTts, true) : undefined,
    f.gender ? eq(novels.gender, f.gender) : undefined,
    ...more,
  );
}

async function total(where: SQL | undefined, curatedSlug?: string): Promise<number> {
  const q = getDb().select({ n: count() }).from(novels);
  const [row] = curatedSlug
    ? await q.innerJoin(listItems, eq(listItems.novelId, novels.id)).innerJoin(lists, eq(lists.id, listItems.listId)).where(where)
    : await q.where(where);
  return row?.n ?? 0;
}

/** Per novel, the members whose read log of this kind moved in the last 7 days: a subquery to rank by. */
function weeklyAudience(readType: ReadType) {
  return getDb()
    .select({ novelId: readLogs.novelId, n: count().as('audience') })
    .from(readLogs)
    .where(and(eq(readLogs.readType, readType), gte(readLogs.readAt, WEEK)))
    .groupBy(readLogs.novelId)
    .as('audience');
}

/** Per novel, the members who keep it on their shelf of this kind. */
function shelfAudience(readType: ReadType) {
  return getDb()
    .select({ novelId: favorites.novelId, n: count().as('audience') })
    .from(favorites)
    .where(eq(favorites.readType, readType))
    .groupBy(favorites.novelId)
    .as('audience');
}

async function ranked(f: Filter, start: number, limit: number, audience: ReturnType<typeof weeklyAudience>, ...more: SQL[]) {
  const where = baseWhere(f, ...more);
  const [rows, n] = await Promise.all([
    selectSummaries()
      .leftJoin(audience, eq(audience.novelId, novels.id))
      .where(where)
      .orderBy(desc(sql`coalesce(${audience.n}, 0)`), desc(novels.popularity), asc(novels.id))
      .offset(start)
      .limit(limit),
    total(where),
  ]);
  return { rows, n };
}

async function curated(f: Filter, slug: string, start: number, limit: number) {
  const where = baseWhere(f, eq(lists.slug, slug), eq(lists.languageType, f.language_type));
  const [rows, n] = await Promise.all([
    selectSummaries()
      .innerJoin(listItems, eq(listItems.novelId, novels.id))
      .innerJoin(lists, eq(lists.id, listItems.listId))
      .where(where)
      .orderBy(asc(listItems.position))
      .offset(start)
      .limit(limit),
    total(where, slug),
  ]);
  return { rows, n };
}

async function newThisWeek(f: Filter, start: number, limit: number) {
  const where = baseWhere(f, gte(novels.createdAt, WEEK));
  const [rows, n] = await Promise.all([
    selectSummaries().where(where).orderBy(desc(novels.createdAt), desc(novels.id)).offset(start).limit(limit),
    total(where),
  ]);
  return { rows, n };
}

/** One listening list, paged with start/limit; hasmore when the page came back full (docs/catalogue.md "Lists and home layouts"). */
export const getListenList = cachedRead(
  'listen_list',
  async (slug: ListenListSlug, q: ListenListQuery): Promise<ListenListDto> => {
    const { start, limit, ...f } = q;
    const { rows, n } =
      slug === 'weekly'
        ? await ranked(f, start, limit, weeklyAudience(f.read_type))
        : slug === 'subscribing'
          ? await ranked(f, start, limit, shelfAudience(f.read_type), eq(novels.status, 0))
          : slug === 'weekly_new'
            ? await newThisWeek(f, start, limit)
            : await curated(f, slug, start, limit);
    return { slug, name: LISTEN_LIST_NAMES[slug][f.read_type], read_type: f.read_type, ...page(toSummaries(rows), limit, n) };
  },
  () => ['lists'],
);
