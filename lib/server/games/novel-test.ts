import 'server-only';
import { and, asc, count, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE_TYPE } from '@/lib/shared/constants';
import type { NovelTestDto } from '@/lib/shared/dto/games';
import { getDb } from '../db/client';
import { authors, favorites, novelTests, novels, readLogs } from '../db/schema';
import { suitableNovels } from '../catalog/summary-query';

/**
 * GET /v1/novel_test (docs/games.md "novel_test"): 新书试读 — the novels in a reader test window now for one
 * language, soonest-ending first, each with what readers did since its window opened: readers, readers who went on
 * past the first chapter, the continue rate and favourites.
 */
export async function runningNovelTests(
  languageType: number = DEFAULT_LANGUAGE_TYPE,
  limit = 10,
  now = new Date(),
): Promise<NovelTestDto[]> {
  const db = getDb();
  const rows = await db
    .select({ t: novelTests, n: novels, author: authors.name })
    .from(novelTests)
    .innerJoin(novels, eq(novels.id, novelTests.novelId))
    .innerJoin(authors, eq(authors.id, novels.authorId))
    .where(
      and(
        eq(novelTests.languageType, languageType),
        lte(novelTests.startsAt, now),
        gt(novelTests.endsAt, now),
        eq(novels.isOffShelf, false),
        suitableNovels(),
      ),
    )
    .orderBy(asc(novelTests.endsAt), asc(novelTests.id))
    .limit(limit);
  if (!rows.length) return [];
  const testIds = rows.map((r) => r.t.id);
  const [reads, favs] = await Promise.all([
    db
      .select({
        testId: novelTests.id,
        readers: count(),
        continued: sql<number>`count(*) filter (where ${readLogs.articleId} <> coalesce(${novels.firstArticleId}, 0))`.mapWith(Number),
      })
      .from(readLogs)
      .innerJoin(novelTests, eq(novelTests.novelId, readLogs.novelId))
      .innerJoin(novels, eq(novels.id, readLogs.novelId))
      .where(and(inArray(novelTests.id, testIds), eq(readLogs.readType, 1), gte(readLogs.readAt, novelTests.startsAt)))
      .groupBy(novelTests.id),
    db
      .select({ testId: novelTests.id, favorites: count() })
      .from(favorites)
      .innerJoin(novelTests, eq(novelTests.novelId, favorites.novelId))
      .where(and(inArray(novelTests.id, testIds), gte(favorites.createdAt, novelTests.startsAt)))
      .groupBy(novelTests.id),
  ]);
  return rows.map(({ t, n, author }) => {
    const read = reads.find((r) => r.testId === t.id);
    const readers = read?.readers ?? 0;
    const continued = read?.continued ?? 0;
    return {
      novel_id: n.id,
      title: n.title,
      thumb: n.thumb,
      author,
      summary: n.summary.slice(0, 60),
      starts_at: t.startsAt.toISOString(),
      ends_at: t.endsAt.toISOString(),
      readers,
      continued,
      continue_rate: readers ? Math.round((continued / readers) * 1000) / 1000 : 0,
      favorites: favs.find((f) => f.testId === t.id)?.favorites ?? 0,
    };
  });
}
