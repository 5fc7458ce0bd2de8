// Rankings recompute time (issue 15, docs/rankings.md "The job"): every ranking rewritten from a ledger of
// 1,000,000 entries on novels' revenue accounts, 100,000 tips, and reads, shelf adds and votes to match, on
// PostgreSQL. The work is in bench/lib/rankings-run.ts (TypeScript, so it runs the job itself); this file only
// launches it for npm run bench. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped without.
import { run } from '../scripts/lib/run.mjs';

const code = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'bench/lib/rankings-run.ts']);
process.exit(code);
