import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FavoriteItem } from '@/lib/shared/dto/shelf';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { updateState } from '@/lib/shared/update-state';
import { getDb } from '../db/client';
import { suitableNovels } from '../catalog/summary-query';
import { chapters, favorites, novels, readLogs } from '../db/schema';
import { getNovelOrThrow } from '../catalog/novels';

/** Adds a novel to the member's shelf (read_type 1 text, 2 audio); adding twice keeps one entry and refreshes it. */
export async function addFavorite(
  memberId: number,
  novelId: number,
  readType: number,
): Promise<{ nid: number; read_type: number; is_favorited: true }> {
  await getNovelOrThrow(novelId);
  await getDb()
    .insert(favorites)
    .values({ memberId, novelId, readType })
    .onConflictDoUpdate({ target: [favorites.memberId, favorites.novelId, favorites.readType], set: { updatedAt: new Date() } });
  return { nid: novelId, read_type: readType, is_favorited: true };
}

export async function removeFavorites(memberId: number, novelIds: number[], readType: number): Promise<{ removed: number }> {
  const rows = await getDb()
    .delete(favorites)
    .where(and(eq(favorites.memberId, memberId), inArray(favorites.novelId, novelIds), eq(favorites.readType, readType)))
    .returning({ id: favorites.id });
  return { removed: rows.length };
}

export async function getFavoriteStatus(memberId: number, novelId: number, readType: number): Promise<{ is_favorited: boolean }> {
  const [row] = await getDb()
    .select({ id: favorites.id })
    .from(favorites)
    .where(and(eq(favorites.memberId, memberId), eq(favorites.novelId, novelId), eq(favorites.readType, readType)));
  return { is_favorited: Boolean(row) };
}

export type { FavoriteItem } from '@/lib/shared/dto/shelf';

/** GET /v1/favorites: the shelf of one kind, newest activity (added or read) first, with the "updated" badge. */
export async function listFavorites(
  memberId: number,
  readType: number,
  start: number,
  limit: number,
): Promise<{ data: FavoriteItem[]; hasmore: boolean }> {
  const activity = sql`greatest(${favorites.updatedAt}, coalesce(${readLogs.readAt}, ${favorites.updatedAt}))`;
  const rows = await getDb()
    .select({
      nid: novels.id,
      title: novels.title,
      thumb: novels.thumb,
      count: novels.articleCount,
      coverTag: novels.coverTag,
      status: novels.status,
      created: favorites.createdAt,
      lastReadId: readLogs.articleId,
      lastReadParagraph: readLogs.paragraphIdx,
      lastReadIdx: chapters.idx,
      lastReadTitle: chapters.title,
      seen: readLogs.seenArticleCount,
    })
    .from(favorites)
    .innerJoin(novels, eq(novels.id, favorites.novelId))
    .leftJoin(
      readLogs,
      and(eq(readLogs.memberId, favorites.memberId), eq(readLogs.novelId, favorites.novelId), eq(readLogs.readType, favorites.readType)),
    )
    .leftJoin(chapters, eq(chapters.id, readLogs.articleId))
    .where(and(eq(favorites.memberId, memberId), eq(favorites.readType, readType), eq(novels.isOffShelf, false), suitableNovels()))
    .orderBy(desc(activity), desc(favorites.id))
    .offset(start)
    .limit(limit);
  const data = rows.map((r) => {
    const update = updateState(r.count, r.seen);
    return {
      id: r.nid,
      title: r.title,
      thumb: r.thumb,
      count: r.count,
      lastReadIdx: r.lastReadIdx,
      updateCount: update.updateCount,
      read_type: readType,
      cover_tag: r.coverTag,
      last_read_id: r.lastReadId,
      lastReadParagraph: r.lastReadParagraph,
      lastReadTitle: r.lastReadTitle,
      created: formatBusinessTime(r.created),
      isUpdated: update.isUpdated,
      status: r.status,
    };
  });
  return { data, hasmore: data.length >= limit };
}
