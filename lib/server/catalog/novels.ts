import 'server-only';
import { eq } from 'drizzle-orm';
import type { NovelDetail } from '@/lib/shared/dto/novel';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { authors, categories, chapters, novels } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { toNovelDetail } from './novel-dto';
import { cachedRead } from '../core/cache';
import { publishVersion } from './version';
import { suitableOnly } from '../core/catalogue-view';
import { unsuitableNovel } from './summary-query';

const getNovelCached = cachedRead(
  'novel',
  // `_version`: the novel's publish version, part of the cache key only (lib/server/catalog/version.ts).
  async (id: number, _version: number): Promise<NovelDetail> => {
    const db = getDb();
    const [row] = await db
      .select({ novel: novels, author: { id: authors.id, name: authors.name }, category: { id: categories.id, name: categories.name } })
      .from(novels)
      .innerJoin(authors, eq(authors.id, novels.authorId))
      .innerJoin(categories, eq(categories.id, novels.categoryId))
      .where(eq(novels.id, id))
      .limit(1);
    if (!row) throw notFound(SERVER_MSG.novelNotFound);
    if (row.novel.isOffShelf) throw new ApiError(CODES.offShelf, SERVER_MSG.offShelf, { novel_id: id });
    if (suitableOnly() && !row.novel.minorsSuitable) throw unsuitableNovel(id);
    const latest = row.novel.latestArticleId
      ? ((
          await db
            .select({ id: chapters.id, idx: chapters.idx, title: chapters.title, publishedAt: chapters.publishedAt })
            .from(chapters)
            .where(eq(chapters.id, row.novel.latestArticleId))
            .limit(1)
        )[0] ?? null)
      : null;
    return toNovelDetail(row.novel, row.author, row.category, latest);
  },
  (id) => [`novel:${id}`],
);

/** Novel detail for the page and GET /v1/novels/{nid}; off-shelf novels answer 90401 (docs/catalogue.md "Novels and chapters"). */
export function getNovelOrThrow(id: number): Promise<NovelDetail> {
  return getNovelCached(id, publishVersion(id));
}
