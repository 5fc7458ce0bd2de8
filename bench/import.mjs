// Novel import time (issue 18, docs/content.md "Import"): a 20 MB GB18030 TXT of 3,000 chapters decoded, split,
// stored as a draft and saved as a novel through the real service, on PGlite (the default database). Target: under
// 60 s on this machine. The work is in bench/lib/import-run.ts (TypeScript, so it runs the service itself).
import { run } from '../scripts/lib/run.mjs';

const code = await run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'bench/lib/import-run.ts']);
process.exit(code);
