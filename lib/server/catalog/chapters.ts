import 'server-only';
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { chapters, novels } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { CODES } from '@/lib/shared/dto/envelope';
import { cachedRead } from '../core/cache';
import { chapterPublished } from './visibility';
import { publishVersion } from './version';
import { suitableOnly } from '../core/catalogue-view';
import { unsuitableNovel } from './summary-query';
import type { CatalogEntry, CatalogPage } from '@/lib/shared/dto/catalog';

export type { CatalogEntry, CatalogPage };

const listCatalogCached = cachedRead(
  'catalog',
  // `_version`: the novel's publish version, part of the cache key only (lib/server/catalog/version.ts).
  async (novelId: number, start: number, limit: number, order: 'asc' | 'desc', extra: string[], _version: number): Promise<CatalogPage> => {
    const db = getDb();
    const [novel] = await db
      .select({ id: novels.id, off: novels.isOffShelf, suitable: novels.minorsSuitable, count: novels.articleCount })
      .from(novels)
      .where(eq(novels.id, novelId));
    if (!novel) throw notFound(SERVER_MSG.novelNotFound);
    if (novel.off) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: novelId });
    if (suitableOnly() && !novel.suitable) throw unsuitableNovel(novelId);
    // Keyset on idx rather than OFFSET: jumping to chapter 2,900 of 3,000 costs the same as chapter 1.
    const rows = await db
      .select({
        id: chapters.id,
        idx: chapters.idx,
        title: chapters.title,
        isFree: chapters.isFree,
        price: chapters.price,
        wordCount: chapters.wordCount,
        publishedAt: chapters.publishedAt,
      })
      .from(chapters)
      // Scheduled chapters stay out until their time (docs/content.md "Scheduled chapters").
      .where(and(eq(chapters.novelId, novelId), chapterPublished(), order === 'asc' ? gt(chapters.idx, start) : undefined))
      .orderBy(order === 'asc' ? asc(chapters.idx) : desc(chapters.idx))
      .offset(order === 'asc' ? 0 : start)
      .limit(limit);
    const [total] = await db
      .select({ n: count() })
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), chapterPublished()));
    const data = rows.map((r) => ({
      id: r.id,
      idx: r.idx,
      title: r.title,
      is_free: r.isFree,
      price: r.price,
      ...(extra.includes('word_count') ? { word_count: r.wordCount } : {}),
      ...(extra.includes('published_at') ? { published_at: r.publishedAt.toISOString() } : {}),
    }));
    return { data, total: total?.n ?? 0, hasmore: data.length >= limit, start, order };
  },
  (novelId) => [`novel:${novelId}`],
);

/** Catalogue entries by position: `start` counts from the first (asc) or the latest (desc) chapter. No text. */
export function listCatalog(novelId: number, start: number, limit: number, order: 'asc' | 'desc', extra: string[]): Promise<CatalogPage> {
  return listCatalogCached(novelId, start, limit, order, extra, publishVersion(novelId));
}

const listLatestCached = cachedRead(
  'catalog_latest',
  async (novelId: number, limit: number, _version: number): Promise<CatalogEntry[]> => {
    const page = await listCatalog(novelId, 0, limit, 'desc', ['published_at']);
    return page.data;
  },
  (novelId) => [`novel:${novelId}`],
);

/** The newest chapters, latest first. */
export function listLatestChapters(novelId: number, limit: number): Promise<CatalogEntry[]> {
  return listLatestCached(novelId, limit, publishVersion(novelId));
}
