// The sensitive-word filter (docs/moderation.md "Speed"): normalising and checking a 10,000-character text against
// a 20,000-word list, and building that list's automaton. Pure CPU, no server: the work is in
// bench/lib/filter-run.ts (TypeScript, so it uses the real normaliser and matcher); this file only launches it.
import { run } from '../scripts/lib/run.mjs';

const code = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'bench/lib/filter-run.ts']);
process.exit(code);
