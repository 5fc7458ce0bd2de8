// See bench/purchase-throughput.mjs. Chapter purchases (the real buyChapter, through the app's PostgreSQL pool) by
// many members at once, first with every system leg on one row per system account (WALLET_SYSTEM_SHARDS=1, the
// ledger before the shards) and then with the default shards, alternating, on one seeded scratch database.
import { sql } from 'drizzle-orm';
import { createPostgresHandle, setDbHandle } from '../../lib/server/db/client';
import { runMigrations } from '../../lib/server/db/migrate';
import { seedDatabase } from '../../lib/server/boot/seed';
import { credit } from '../../lib/server/wallet/credit';
import { buyChapter } from '../../lib/server/wallet/purchases';
import { SYSTEM_SHARDS } from '../../lib/server/wallet/accounts';
import type { Tx } from '../../lib/server/db/client';
// @ts-expect-error plain ESM helpers without types
import { createScratchDatabase } from '../../scripts/lib/pg-scratch.mjs';
// @ts-expect-error plain ESM helpers without types
import { machine, median, percentile, writeResult } from './util.mjs';

process.env.LOG_LEVEL ??= 'error';
const PG = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const SECONDS = Number(process.env.BENCH_PURCHASE_SECONDS ?? 6);
const CONCURRENCY = Number(process.env.BENCH_PURCHASE_CONCURRENCY ?? 16);
const MEMBERS = 64;
// Novel 2 of the seed: 2,970 paid chapters from id 231, 5 coins each.
const NOVEL = 2;
const FIRST_CHAPTER = 231;
const CHAPTERS = 2970;

async function phase(db: ReturnType<typeof createPostgresHandle>['db'], shards: number) {
  process.env.WALLET_SYSTEM_SHARDS = String(shards);
  const members = (
    await db.execute(sql`insert into members (nickname) select 'bench-' || g from generate_series(1, ${MEMBERS}) g returning id`)
  ).rows.map((r) => Number((r as { id: number }).id));
  for (const m of members)
    await db.transaction((tx) =>
      credit(tx as unknown as Tx, m, { kind: 'test_grant', source: 'recharge', welth: 100_000 }).then(() => undefined),
    );
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  let next = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const i = next++;
      const member = members[i % MEMBERS]!;
      const chapter = FIRST_CHAPTER + (Math.floor(i / MEMBERS) % CHAPTERS);
      const t0 = performance.now();
      const outcome = await buyChapter(member, NOVEL, chapter).then(
        () => 'ok',
        (err: unknown) => (err as { code?: unknown }).code?.toString() ?? 'error',
      );
      latencies.push(performance.now() - t0);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  const result = {
    shards,
    purchases: outcomes.ok ?? 0,
    per_s: +((outcomes.ok ?? 0) / elapsed).toFixed(1),
    p50_ms: +median(latencies).toFixed(1),
    p99_ms: +percentile(latencies, 99).toFixed(1),
    outcomes,
  };
  console.log(
    `bench: purchases with ${shards} shard(s): ${result.per_s}/s, p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms, ${JSON.stringify(outcomes)}`,
  );
  return result;
}

async function main() {
  if (!PG) {
    console.log('bench: purchase-throughput skipped — set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    return;
  }
  const scratch = await createScratchDatabase(PG, 'shusheng_bench_shards');
  try {
    const handle = createPostgresHandle(scratch.url, 24);
    await runMigrations(handle);
    await seedDatabase(handle.db, () => undefined);
    setDbHandle(handle);
    // Alternating, so a change in the machine's load during the run falls on both.
    const runs: Awaited<ReturnType<typeof phase>>[] = [];
    for (const shards of [1, SYSTEM_SHARDS, 1, SYSTEM_SHARDS]) runs.push(await phase(handle.db, shards));
    const sum = (n: number) => runs.filter((r) => r.shards === n).reduce((s, r) => s + r.per_s, 0) / 2;
    const ratio = +(sum(SYSTEM_SHARDS) / sum(1)).toFixed(2);
    console.log(`bench: purchases/s with ${SYSTEM_SHARDS} shards ÷ one row: ${ratio}`);
    writeResult('purchase-throughput', { machine: machine(), seconds: SECONDS, concurrency: CONCURRENCY, members: MEMBERS, runs, ratio });
    setDbHandle(undefined);
    await handle.close();
  } finally {
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
