// Chapter purchases per second on PostgreSQL with the system accounts on one row each (how the ledger was) and split
// into shards (docs/wallet.md "System accounts"), in one run on one database: the work is in
// bench/lib/purchase-throughput-run.ts (TypeScript, so it calls the real purchase service and pool). Needs
// BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped without.
import { run } from '../scripts/lib/run.mjs';

const code = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'bench/lib/purchase-throughput-run.ts']);
process.exit(code);
