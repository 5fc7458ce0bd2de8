// Unrelated-read latency while one member's rows are locked (issue 12), through the app's own PostgreSQL pool
// (lib/server/db/client.ts): with the pool's limits off (how it was) and with the defaults. The work is in
// bench/lib/db-locks-run.ts (TypeScript, so it uses the real pool); this file only launches it for npm run bench.
// Needs BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped without.
import { run } from '../scripts/lib/run.mjs';

const code = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'bench/lib/db-locks-run.ts']);
process.exit(code);
