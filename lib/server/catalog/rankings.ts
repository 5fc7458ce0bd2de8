import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import { and, asc, count, eq } from 'drizzle-orm';
import type { NovelSummary, Page } from '@/lib/shared/dto/novel';
import { getDb } from '../db/client';
import { novels, rankingItems, rankings } from '../db/schema';
import { notFound } from '../core/errors';
import { cachedRead } from '../core/cache';
import { onShelf, page, selectSummaries, toSummaries } from './summary-query';

export interface RankingDto {
  id: number;
  name: string;
  slug: string;
  read_type: number;
  /** What it counts and over how many days (docs/rankings.md); computed_at is when the job last rewrote it. */
  metric: string;
  period_days: number | null;
  computed_at: string | null;
}

const toDto = (r: typeof rankings.$inferSelect): RankingDto => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  read_type: r.readType,
  metric: r.metric,
  period_days: r.periodDays,
  computed_at: r.computedAt ? r.computedAt.toISOString() : null,
});

export const listRankings = cachedRead(
  'rankings',
  async (readType: number | null): Promise<RankingDto[]> => {
    const rows = await getDb()
      .select()
      .from(rankings)
      .where(readType === null ? undefined : eq(rankings.readType, readType))
      .orderBy(asc(rankings.sort));
    return rows.map(toDto);
  },
  () => ['lists'],
);

/** One ranking within one language, ranked 1..n after off-shelf and other-language novels are left out. */
export const getRankingOrThrow = cachedRead(
  'ranking',
  async (slug: string, languageType: number, start: number, limit: number): Promise<RankingDto & Page<NovelSummary & { rank: number }>> => {
    const [ranking] = await getDb().select().from(rankings).where(eq(rankings.slug, slug));
    if (!ranking) throw notFound(SERVER_MSG.rankingNotFound);
    // An audio ranking (read_type 2) lists only novels that can be listened to.
    const where = onShelf(
      eq(rankingItems.rankingId, ranking.id),
      eq(novels.languageType, languageType),
      ranking.readType === 2 ? eq(novels.hasTts, true) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      selectSummaries()
        .innerJoin(rankingItems, eq(rankingItems.novelId, novels.id))
        .where(where)
        .orderBy(asc(rankingItems.rank))
        .offset(start)
        .limit(limit),
      getDb().select({ n: count() }).from(rankingItems).innerJoin(novels, eq(novels.id, rankingItems.novelId)).where(and(where)),
    ]);
    const data = toSummaries(rows).map((n, i) => ({ ...n, rank: start + i + 1 }));
    return { ...toDto(ranking), ...page(data, limit, total?.n ?? 0) };
  },
  () => ['lists'],
);
