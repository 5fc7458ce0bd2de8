// npm run bench: builds if needed, then runs every bench/*.mjs in turn. Not part of npm test.
import fs from 'node:fs';
import { buildState, recordBuild } from './lib/build-state.mjs';
import { bin, run } from './lib/run.mjs';

const build = buildState();
if (build.needed) {
  if ((await run(bin('next'), ['build'])) !== 0) process.exit(1);
  recordBuild(build.hash);
}
const only = process.argv[2];
for (const file of fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.mjs'))
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n▶ bench/${file}`);
  const code = await run(process.execPath, [`bench/${file}`]);
  if (code !== 0) process.exit(code);
}
