import 'server-only';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { businessMonthStartOf } from '@/lib/shared/business-time';
import type { RankingMetric } from '@/lib/shared/ranking-text';
import { getDb, type DbOrTx } from '../db/client';
import { rankings } from '../db/schema';
import { invalidate } from '../core/cache';
import { log } from '../logger';
import { startPeriodic } from '../jobs/periodic';

/** How often the server recomputes every ranking (docs/rankings.md "The job"). */
export const RANKINGS_EVERY_MS = 10 * 60_000;
/** Novels kept per ranking and language: the ranks page pages through far fewer. */
export const RANKING_DEPTH = 500;
/** The 新书 ranking's window: novels whose first chapter came out this recently. */
export const NEW_BOOK_DAYS = 30;

const DAY_MS = 86_400_000;
/** Revenue accounts are named `revenue:novel:{id}` (docs/wallet.md "Revenue by novel"); the id starts here. */
const REVENUE_PREFIX = 'revenue:novel:';

interface RankingRow {
  id: number;
  slug: string;
  metric: string;
  periodDays: number | null;
  readType: number;
}

/** Start of the window a ranking counts (null: all time). 月票 always count the calendar month. */
export function windowStart(r: Pick<RankingRow, 'metric' | 'periodDays'>, now: Date): Date | null {
  // 月票 count from the start of the business month holding `now`.
  if (r.metric === 'tickets') return businessMonthStartOf(now);
  return r.periodDays ? new Date(now.getTime() - r.periodDays * DAY_MS) : null;
}

const ts = (d: Date | null) => (d ? sql`${d.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`);

/** Distinct members who read (read_type 1) or listened (2) to each novel since `since`: one read_logs row each. */
const readersSince = (since: Date | null, readType: number) => sql`
  select novel_id, count(distinct member_id)::bigint as score from read_logs
  where read_at >= ${ts(since)} and read_type = ${readType} group by novel_id`;

/**
 * (novel_id, score) for one metric. Scores come from the rows readers leave behind: ledger entries on the novel's
 * revenue account, tips, counted votes, shelf adds and read logs.
 */
function scores(metric: RankingMetric, since: Date | null, readType: number, now: Date): { query: SQL; keepZero: boolean } {
  switch (metric) {
    case 'sales':
      return {
        keepZero: false,
        query: sql`
          select substr(a.system_name, ${REVENUE_PREFIX.length + 1})::int as novel_id, sum(e.amount)::bigint as score
          from wallet_accounts a
          join ledger_entries e on e.account_id = a.id
          join ledger_transactions t on t.id = e.tx_id
          where a.system_name like ${`${REVENUE_PREFIX}%`} and a.currency = 'welth' and t.created_at >= ${ts(since)}
          group by a.system_name`,
      };
    case 'gifts':
      return {
        keepZero: false,
        query: sql`select novel_id, sum(wealth_total)::bigint as score from tips where created_at >= ${ts(since)} group by novel_id`,
      };
    case 'tickets':
      return {
        keepZero: false,
        query: sql`select novel_id, sum(amount)::bigint as score from votes
          where counted and created_at >= ${ts(since)} group by novel_id`,
      };
    case 'favorites':
      return {
        keepZero: false,
        query: sql`select novel_id, count(distinct member_id)::bigint as score from favorites
          where created_at >= ${ts(since)} and read_type = ${readType} group by novel_id`,
      };
    case 'popular':
      return { keepZero: false, query: readersSince(since, readType) };
    case 'new': {
      // Every novel that launched in the window ranks, read or not: a brand-new book has no readers yet.
      const launched = new Date(now.getTime() - NEW_BOOK_DAYS * DAY_MS);
      return {
        keepZero: true,
        query: sql`
          select n.id as novel_id, coalesce(r.score, 0)::bigint as score
          from novels n join chapters c on c.id = n.first_article_id
          left join (${readersSince(since, readType)}) r on r.novel_id = n.id
          where c.published_at >= ${ts(launched)}`,
      };
    }
    case 'finished':
      return {
        keepZero: true,
        query: sql`
          select n.id as novel_id, coalesce(r.score, 0)::bigint as score
          from novels n left join (${readersSince(since, readType)}) r on r.novel_id = n.id
          where n.status = 1`,
      };
  }
}

const METRICS: readonly RankingMetric[] = ['sales', 'gifts', 'tickets', 'favorites', 'popular', 'new', 'finished'];
const isMetric = (m: string): m is RankingMetric => (METRICS as readonly string[]).includes(m);

/**
 * Rewrites one ranking's rows in one transaction: off-shelf novels are left out (and, for an audio ranking, novels
 * that cannot be listened to); the best RANKING_DEPTH per language are kept, ties broken by novel id so two runs
 * over the same rows agree. Readers never see a half-written ranking.
 */
export async function recomputeRanking(db: DbOrTx, r: RankingRow, now = new Date()): Promise<number> {
  if (!isMetric(r.metric)) {
    log('warn', 'ranking_metric_unknown', { slug: r.slug, metric: r.metric });
    return 0;
  }
  const { query, keepZero } = scores(r.metric, windowStart(r, now), r.readType, now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from ranking_items where ranking_id = ${r.id}`);
    const inserted = await tx.execute(sql`
      insert into ranking_items (ranking_id, novel_id, rank, score)
      select ${r.id}, novel_id, row_number() over (order by score desc, novel_id), score from (
        select s.novel_id, s.score,
          row_number() over (partition by n.language_type order by s.score desc, s.novel_id) as lang_rank
        from (${query}) s join novels n on n.id = s.novel_id
        where not n.is_off_shelf
          ${r.readType === 2 ? sql`and n.has_tts` : sql``}
          ${keepZero ? sql`` : sql`and s.score > 0`}
      ) ranked where lang_rank <= ${RANKING_DEPTH}`);
    await tx.update(rankings).set({ computedAt: now }).where(eq(rankings.id, r.id));
    return Number(
      (inserted as { rowCount?: number; affectedRows?: number }).rowCount ?? (inserted as { affectedRows?: number }).affectedRows ?? 0,
    );
  });
}

/** Recomputes every ranking (each in its own transaction) and drops the cached lists that show them. */
export async function recomputeRankings(now = new Date(), db: DbOrTx = getDb()): Promise<{ rankings: number; rows: number; ms: number }> {
  const started = Date.now();
  const all = await db
    .select({ id: rankings.id, slug: rankings.slug, metric: rankings.metric, periodDays: rankings.periodDays, readType: rankings.readType })
    .from(rankings)
    .orderBy(asc(rankings.sort));
  let rows = 0;
  for (const r of all) rows += await recomputeRanking(db, r, now);
  // Cached ranking pages and blocks are tagged 'lists': expired through our cache handler, as no request is open
  // here for Next's revalidateTag (docs/architecture.md "Caching").
  await invalidate('lists');
  return { rankings: all.length, rows, ms: Date.now() - started };
}

/** Recomputes the rankings every RANKINGS_EVERY_MS in the server process (once, however often Next loads this). */
export function startRankingJobs(): void {
  startPeriodic('rankings_recompute', RANKINGS_EVERY_MS, async () => {
    const result = await recomputeRankings();
    log('info', 'rankings_recomputed', result);
  });
}
