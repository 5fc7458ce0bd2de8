// See bench/rankings.mjs. A scratch database gets the demo catalogue (the seed, whose simulated readers are a
// rounding error here), then set-based SQL adds BENCH_RANKING_ENTRIES ledger entries (default 1,000,000: half as
// many purchase movements, member → `revenue:novel:{id}`), BENCH_RANKING_TIPS tips (default 100,000), 200,000
// read logs, 100,000 shelf adds and 50,000 votes, spread over 60 days. Then the job runs BENCH_RANKING_RUNS times
// (default 3); the median of the whole run and of each ranking is printed and written to bench/results/rankings.json.
import { asc, sql } from 'drizzle-orm';
import { createPostgresHandle, setDbHandle } from '../../lib/server/db/client';
import { runMigrations } from '../../lib/server/db/migrate';
import { rankings } from '../../lib/server/db/schema';
import { seedDatabase } from '../../lib/server/boot/seed';
import { recomputeRanking, recomputeRankings } from '../../lib/server/catalog/rankings-job';
// @ts-expect-error plain ESM helpers without types
import { createScratchDatabase } from '../../scripts/lib/pg-scratch.mjs';
// @ts-expect-error plain ESM helpers without types
import { machine, median, writeResult } from './util.mjs';

process.env.LOG_LEVEL ??= 'error';
const PG = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const ENTRIES = Number(process.env.BENCH_RANKING_ENTRIES ?? 1_000_000);
const TIPS = Number(process.env.BENCH_RANKING_TIPS ?? 100_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RANKING_RUNS ?? 3));
const MEMBERS = 20_000;
const READS = 200_000;
const SHELF = 100_000;
const VOTES = 50_000;

async function fill(db: ReturnType<typeof createPostgresHandle>['db']): Promise<Record<string, number>> {
  const t0 = Date.now();
  const q = (text: string) => db.execute(sql.raw(text));
  await q(
    `insert into members (nickname, created_at) select 'bench' || g, now() - interval '90 days' from generate_series(1, ${MEMBERS}) g`,
  );
  await q(`create table bench_m as select id, row_number() over (order by id) as n from members where nickname like 'bench%'`);
  await q(`create table bench_n as select id, row_number() over (order by id) as n from novels where not is_off_shelf`);
  await q(`insert into wallet_accounts (member_id, currency, balance) select id, 'welth', 0 from bench_m on conflict do nothing`);
  await q(`insert into wallet_accounts (system_name, currency) select 'revenue:novel:' || id, 'welth' from novels on conflict do nothing`);
  // Purchases: movement g by member (g mod M), on novel (g² mod N) — skewed, so rankings have a head and a tail.
  const moves = Math.ceil(ENTRIES / 2);
  await q(`insert into ledger_transactions (kind, member_id, reference, meta, created_at)
    select 'chapter_purchase', m.id, 'novel:' || n.id, jsonb_build_object('novel_id', n.id), now() - make_interval(secs => (g::bigint * 5184) % 5184000)
    from generate_series(1, ${moves}) g
    join bench_m m on m.n = 1 + g % ${MEMBERS}
    join bench_n n on n.n = 1 + ((g::bigint * g) % (select count(*) from bench_n))`);
  await q(`insert into ledger_entries (tx_id, account_id, currency, amount)
    select t.id, x.account, 'welth', x.amount
    from ledger_transactions t
    join wallet_accounts ma on ma.member_id = t.member_id and ma.currency = 'welth'
    join wallet_accounts ra on ra.system_name = 'revenue:novel:' || (t.meta->>'novel_id') and ra.currency = 'welth' and ra.shard = 0
    cross join lateral (values (ma.id, -(5 + t.id % 20)), (ra.id, 5 + t.id % 20)) x(account, amount)
    where t.kind = 'chapter_purchase' and t.reference like 'novel:%' and t.member_id in (select id from bench_m)`);
  await q(`insert into tips (novel_id, member_id, gift_id, amount, wealth_total, created_at)
    select n.id, m.id, 2, 1, 10 * (1 + g % 50), now() - make_interval(secs => (g::bigint * 7919) % 5184000)
    from generate_series(1, ${TIPS}) g
    join bench_m m on m.n = 1 + (g * 7) % ${MEMBERS}
    join bench_n n on n.n = 1 + ((g::bigint * g * 3) % (select count(*) from bench_n))`);
  await q(`insert into read_logs (member_id, novel_id, article_id, read_type, read_at)
    select m.id, n.id, nv.first_article_id, 1 + (g % 3 = 0)::int, now() - make_interval(secs => (g::bigint * 104729) % 5184000)
    from generate_series(1, ${READS}) g
    join bench_m m on m.n = 1 + g % ${MEMBERS}
    join bench_n n on n.n = 1 + ((g::bigint * 31 + g / ${MEMBERS}) % (select count(*) from bench_n))
    join novels nv on nv.id = n.id
    on conflict do nothing`);
  await q(`insert into favorites (member_id, novel_id, read_type, created_at)
    select m.id, n.id, 1, now() - make_interval(secs => (g::bigint * 15485863) % 5184000)
    from generate_series(1, ${SHELF}) g
    join bench_m m on m.n = 1 + g % ${MEMBERS}
    join bench_n n on n.n = 1 + ((g::bigint * 17 + g / ${MEMBERS}) % (select count(*) from bench_n))
    on conflict do nothing`);
  await q(`insert into votes (competition_id, novel_id, member_id, amount, counted, created_at)
    select (select min(id) from competitions), n.id, m.id, 1 + g % 3, g % 10 <> 0, now() - make_interval(secs => (g::bigint * 613) % 1209600)
    from generate_series(1, ${VOTES}) g
    join bench_m m on m.n = 1 + g % ${MEMBERS}
    join bench_n n on n.n = 1 + ((g::bigint * g * 5) % (select count(*) from bench_n))`);
  await q(`drop table bench_m`);
  await q(`drop table bench_n`);
  for (const t of ['ledger_transactions', 'ledger_entries', 'wallet_accounts', 'tips', 'read_logs', 'favorites', 'votes'])
    await q(`analyze ${t}`);
  const count = async (table: string) =>
    Number(((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as { n: number }).n);
  return {
    fill_ms: Date.now() - t0,
    ledger_entries: await count('ledger_entries'),
    ledger_transactions: await count('ledger_transactions'),
    tips: await count('tips'),
    read_logs: await count('read_logs'),
    favorites: await count('favorites'),
    votes: await count('votes'),
    novels: await count('novels'),
  };
}

async function main() {
  if (!PG) {
    console.log('bench rankings: skipped — set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server');
    return;
  }
  const scratch = await createScratchDatabase(PG, 'bench_rankings');
  const handle = createPostgresHandle(scratch.url, 4, { statementTimeoutMs: 0 });
  try {
    await runMigrations(handle);
    const seeded = await seedDatabase(handle.db, () => undefined);
    setDbHandle(handle);
    const rows = await fill(handle.db);
    console.log(`rankings bench: seed ${seeded.ms} ms; filled in ${rows.fill_ms} ms: ${JSON.stringify(rows)}`);
    const all = await handle.db.select().from(rankings).orderBy(asc(rankings.sort));
    const whole: number[] = [];
    const per: Record<string, number[]> = {};
    let written = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await recomputeRankings(new Date(), handle.db);
      whole.push(r.ms);
      written = r.rows;
      for (const ranking of all) {
        const t = performance.now();
        await recomputeRanking(handle.db, ranking, new Date());
        (per[ranking.slug] ??= []).push(performance.now() - t);
      }
    }
    const perMedian = Object.fromEntries(Object.entries(per).map(([slug, ms]) => [slug, +median(ms).toFixed(1)]));
    const report = {
      bench: 'rankings',
      at: new Date().toISOString(),
      machine: machine(),
      rows,
      runs: RUNS,
      recompute_ms: { median: median(whole), all: whole },
      ranking_rows_written: written,
      per_ranking_median_ms: perMedian,
    };
    writeResult('rankings', report);
    console.log(`recompute every ranking: median ${median(whole)} ms over ${RUNS} runs (${whole.join(', ')} ms), ${written} rows written`);
    for (const [slug, ms] of Object.entries(perMedian)) console.log(`  ${slug.padEnd(14)} ${String(ms).padStart(8)} ms`);
  } finally {
    setDbHandle(undefined);
    await handle.close();
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
