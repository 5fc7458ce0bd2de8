// Prize wheel fairness (issue 16, docs/activity-wheel.md "Figures"): 10,000 draws through the real draw service with
// its crypto randomness on a freshly seeded database, then Pearson's χ² of the counts per slot against the published
// weights, with its p-value and the critical values at p = 0.05 and 1e-6; also the draw rate. The work is in
// bench/lib/lottery-run.ts (TypeScript, so it runs the service itself); this file only launches it for npm run bench.
// PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL, else an in-memory PGlite.
import { run } from '../scripts/lib/run.mjs';

const code = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'bench/lib/lottery-run.ts']);
process.exit(code);
