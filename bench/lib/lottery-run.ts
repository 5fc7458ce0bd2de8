// See bench/lottery.mjs. A scratch database (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else an
// in-memory PGlite) gets the demo seed, whose wheel is the one readers see; then BENCH_LOTTERY_DRAWS draws (default
// 10,000) go through drawPrize with its crypto randomness, BENCH_LOTTERY_CONCURRENCY at a time (default 8 on
// PostgreSQL, 1 on PGlite), the daily stock and budget lifted so only the weights decide. Writes the observed and
// expected counts, χ², its p-value and the critical values to bench/results/lottery.json.
import { createPgliteHandle, createPostgresHandle, setDbHandle } from '../../lib/server/db/client';
import { runMigrations } from '../../lib/server/db/migrate';
import { seedDatabase } from '../../lib/server/boot/seed';
import { simulateDraws } from './lottery-sim';
// @ts-expect-error plain ESM helpers without types
import { createScratchDatabase } from '../../scripts/lib/pg-scratch.mjs';
// @ts-expect-error plain ESM helpers without types
import { machine, writeResult } from './util.mjs';

process.env.LOG_LEVEL ??= 'error';
const PG = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const DRAWS = Number(process.env.BENCH_LOTTERY_DRAWS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_LOTTERY_CONCURRENCY ?? (PG ? 8 : 1));

async function main() {
  const at = new Date().toISOString();
  const host = machine();
  const scratch = PG ? await createScratchDatabase(PG, 'bench_lottery') : null;
  const handle = scratch ? createPostgresHandle(scratch.url, CONCURRENCY + 2) : createPgliteHandle();
  try {
    await runMigrations(handle);
    await seedDatabase(handle.db, () => undefined);
    setDbHandle(handle);
    const fit = await simulateDraws(DRAWS, { members: 100, concurrency: CONCURRENCY });
    const report = {
      bench: 'lottery',
      at,
      machine: host,
      driver: handle.driver,
      concurrency: CONCURRENCY,
      draws_per_second: +(fit.draws / fit.seconds).toFixed(1),
      ms_per_draw: +((fit.seconds * 1000) / fit.draws).toFixed(2),
      ...fit,
      fits_at_p05: fit.chi_square < fit.critical_p05,
      fits_at_p1e6: fit.chi_square < fit.critical_p1e6,
    };
    console.log(JSON.stringify(report, null, 2));
    console.log(`bench lottery: wrote ${writeResult('lottery', report)}`);
  } finally {
    setDbHandle(undefined);
    await handle.close();
    await scratch?.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
