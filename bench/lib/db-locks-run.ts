// See bench/db-locks.mjs. A locker holds member A's row FOR UPDATE in an open transaction for HOLD_S seconds;
// FLOOD clients keep sending transactions that lock the same row through the app's pool (an attacker's purchases
// or a stuck job's victims); every second an unrelated read of member B's row goes through the same pool and its
// latency and outcome are recorded. Run once with every limit off (the pool before issue 12) and once with the
// defaults of lib/server/env.ts.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createPostgresHandle, poolLimitsFromEnv, type PoolLimits } from '../../lib/server/db/client';
import { runMigrations } from '../../lib/server/db/migrate';
import { isDatabaseUnavailable } from '../../lib/server/db/pg-errors';
// @ts-expect-error plain ESM helpers without types
import { createScratchDatabase } from '../../scripts/lib/pg-scratch.mjs';
// @ts-expect-error plain ESM helpers without types
import { machine, median, writeResult } from './util.mjs';

// The pool logs every connection the flood's failures close; the figures are what this bench is for.
process.env.LOG_LEVEL ??= 'error';
const PG = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const HOLD_S = Number(process.env.BENCH_LOCK_HOLD_SECONDS ?? 15);
const FLOOD = Number(process.env.BENCH_LOCK_FLOOD ?? 20);
const READS = Math.max(1, HOLD_S - 3);

async function scenario(url: string, name: string, limits: Partial<PoolLimits>) {
  const handle = createPostgresHandle(url, undefined, limits);
  const [a, b] = (await handle.db.execute(sql`insert into members (nickname) values ('bench-a'), ('bench-b') returning id`)).rows as {
    id: number;
  }[];
  const locker = new pg.Client({ connectionString: url });
  await locker.connect();
  await locker.query('begin');
  await locker.query('select id from members where id = $1 for update', [a!.id]);
  let stop = false;
  const flood = { ok: 0, failed: 0 };
  const attacker = async () => {
    while (!stop) {
      await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select id from members where id = ${a!.id} for update`);
        })
        .then(
          () => flood.ok++,
          () => flood.failed++,
        );
    }
  };
  const attackers = Array.from({ length: FLOOD }, attacker);
  // The lock goes away after HOLD_S whatever the reads are doing: without limits they wait for exactly that.
  const released = new Promise<void>((resolve) =>
    setTimeout(() => {
      locker.query('rollback').then(
        () => resolve(),
        () => resolve(),
      );
    }, HOLD_S * 1000),
  );
  const reads: { at_s: number; ms: number; outcome: string }[] = [];
  const began = performance.now();
  await new Promise((r) => setTimeout(r, 1000));
  for (let i = 0; i < READS; i++) {
    const t0 = performance.now();
    const outcome = await handle.db.execute(sql`select id, nickname from members where id = ${b!.id}`).then(
      () => 'ok',
      (err: unknown) => (isDatabaseUnavailable(err) ? '503' : 'error'),
    );
    reads.push({ at_s: +((t0 - began) / 1000).toFixed(1), ms: +(performance.now() - t0).toFixed(1), outcome });
    await new Promise((r) => setTimeout(r, 1000));
  }
  await released;
  await locker.end();
  stop = true;
  await Promise.all(attackers);
  await handle.close();
  // Only reads sent while the lock was still held say anything about it.
  const during = reads.filter((r) => r.at_s < HOLD_S);
  const ms = during.map((r) => r.ms);
  const outcomes = during.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.outcome]: (acc[r.outcome] ?? 0) + 1 }), {});
  const result = {
    name,
    limits: { ...poolLimitsFromEnv(), ...limits },
    reads_during_lock: during.length,
    median_ms: +median(ms).toFixed(1),
    max_ms: Math.max(...ms),
    outcomes,
    flood,
    each: reads,
  };
  console.log(
    `bench: ${name}: unrelated reads while the lock is held: median ${result.median_ms} ms, max ${result.max_ms} ms, outcomes ${JSON.stringify(outcomes)}`,
  );
  return result;
}

async function main() {
  if (!PG) {
    console.log('bench: db-locks skipped — set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    return;
  }
  const scratch = await createScratchDatabase(PG, 'shusheng_bench_locks');
  try {
    const setup = createPostgresHandle(scratch.url);
    await runMigrations(setup);
    await setup.close();
    const off = { connectTimeoutMs: 0, statementTimeoutMs: 0, lockTimeoutMs: 0, idleTxTimeoutMs: 0 };
    const before = await scenario(scratch.url, 'no limits (before)', off);
    const after = await scenario(scratch.url, 'default limits (after)', {});
    writeResult('db-locks', { machine: machine(), hold_seconds: HOLD_S, flood_clients: FLOOD, before, after });
  } finally {
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
