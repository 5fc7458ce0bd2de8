import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { LISTEN_LIST_NAMES, type ListenListSlug } from '@/lib/shared/listen-lists';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cachedRead } from '../core/cache';
import { getDb } from '../db/client';
import { novels, readLogs } from '../db/schema';
import { ApiError } from '../core/errors';
import { getListenList } from './audio-lists';
import { getRichListOrThrow, type RichItemDto } from './lists';

export interface ListenHomeSection {
  key: string;
  title: string;
  slug: ListenListSlug;
  /** list: rows with summary; ranked: rows with their rank; grid: covers of four. */
  kind: 'list' | 'ranked' | 'grid';
  novels: ListenCardNovel[];
}

/** A novel on a listening card: its chapters ("episodes") and how many members have listened to it. */
export type ListenCardNovel = NovelSummary & { article_count: number; listeners: number };

export interface ListenHomeDto {
  carousel: RichItemDto[];
  sections: ListenHomeSection[];
}

// The home's audio tab, top to bottom: one section per listening list, the must-listen list once per channel.
const SECTIONS: Array<Omit<ListenHomeSection, 'novels'> & { size: number; gender?: 1 | 2 }> = [
  { key: 'must_listen_1', title: SERVER_MSG.mustListenMale, slug: 'must_listen', kind: 'list', size: 4, gender: 1 },
  { key: 'must_listen_2', title: SERVER_MSG.mustListenFemale, slug: 'must_listen', kind: 'list', size: 4, gender: 2 },
  { key: 'weekly', title: LISTEN_LIST_NAMES.weekly[2], slug: 'weekly', kind: 'ranked', size: 5 },
  { key: 'weekly_new', title: LISTEN_LIST_NAMES.weekly_new[2], slug: 'weekly_new', kind: 'grid', size: 8 },
  { key: 'original', title: LISTEN_LIST_NAMES.original[2], slug: 'original', kind: 'list', size: 4 },
  { key: 'subscribing', title: LISTEN_LIST_NAMES.subscribing[2], slug: 'subscribing', kind: 'ranked', size: 5 },
];
const CAROUSEL_SIZE = 6;

/**
 * Chapter counts and listener counts for the cards (docs/listening.md "Home's 听书 tab"): listeners are the members
 * with a listening position in the novel (read_logs, read_type 2), counted in the database, cached with the page.
 */
async function listenCounts(ids: number[]): Promise<Map<number, { article_count: number; listeners: number }>> {
  const out = new Map<number, { article_count: number; listeners: number }>();
  if (!ids.length) return out;
  const db = getDb();
  const [chapterRows, listenerRows] = await Promise.all([
    db.select({ id: novels.id, count: novels.articleCount }).from(novels).where(inArray(novels.id, ids)),
    db
      .select({ id: readLogs.novelId, count: sql<number>`count(distinct ${readLogs.memberId})::int` })
      .from(readLogs)
      .where(and(inArray(readLogs.novelId, ids), eq(readLogs.readType, 2)))
      .groupBy(readLogs.novelId),
  ]);
  for (const r of chapterRows) out.set(r.id, { article_count: r.count, listeners: 0 });
  for (const r of listenerRows) out.set(r.id, { article_count: out.get(r.id)?.article_count ?? 0, listeners: Number(r.count) });
  return out;
}

/** The audio tab of home in one language: the audio carousel and the first few of each listening list. */
export const getListenHome = cachedRead(
  'listen_home',
  async (languageType: number): Promise<ListenHomeDto> => {
    const [carousel, lists] = await Promise.all([
      // A language without an audio carousel simply shows none.
      getRichListOrThrow(`carousel.${languageType}`, 2, CAROUSEL_SIZE).catch((e: unknown) =>
        e instanceof ApiError ? null : Promise.reject(e),
      ),
      Promise.all(
        SECTIONS.map((s) =>
          getListenList(s.slug, { language_type: languageType, read_type: 2, gender: s.gender, start: 0, limit: s.size }),
        ),
      ),
    ]);
    const counts = await listenCounts([...new Set(lists.flatMap((l) => l.data.map((n) => n.id)))]);
    const withCounts = (n: NovelSummary): ListenCardNovel => ({ ...n, ...(counts.get(n.id) ?? { article_count: 0, listeners: 0 }) });
    const sections = SECTIONS.map(({ size: _size, gender: _gender, ...s }, i) => ({ ...s, novels: lists[i]!.data.map(withCounts) })).filter(
      (s) => s.novels.length > 0,
    );
    return { carousel: carousel?.data ?? [], sections };
  },
  () => ['lists'],
);
