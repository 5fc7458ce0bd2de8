// npm test: lint, format check, type check, Jest (jsdom + node on PGlite), the server tests again on PostgreSQL when TEST_DATABASE_URL is set,
// the production build, the crash test on it (PostgreSQL, skipped without TEST_DATABASE_URL), the cluster test
// (two servers, Redis and nginx; skipped without PostgreSQL or Redis), then Playwright e2e
// against the build on a fresh data directory. Ends with one summary line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildState, recordBuild } from './lib/build-state.mjs';
import { bin, run, runCollected } from './lib/run.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureFfmpeg, FFMPEG_MISSING } from './lib/ffmpeg.mjs';

const out = '.test-results';
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const e2eOnly = process.argv.includes('--e2e-only');
const started = Date.now();
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
let typesChecked = false;
// Each stage's wall time, printed at the end: the suite's budget is 20 minutes on a quiet 2-core machine (docs/development.md "The suite's budget").
const stageTimes = [];
let stageName = null;
let stageStart = Date.now();
function stage(name) {
  if (stageName) stageTimes.push([stageName, (Date.now() - stageStart) / 1000]);
  stageName = name;
  stageStart = Date.now();
  if (name) console.log(`\n▶ ${name}`);
}

// The audio tests and the e2e listening journey encode with ffmpeg: Debian's, installed here when missing and we run as
// root with apt-get (docs/deploy.md "ffmpeg").
if (!ensureFfmpeg({ log: (line) => console.log(`test: ${line}`) })) console.warn(`test: ${FFMPEG_MISSING}`);

// PGlite loads its WASM through dynamic import, which Jest runs only with VM modules enabled.
const jestEnv = (extra) => ({
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings`.trim(),
  ...extra,
});

// Jest's default is one worker fewer than the cores: on 2 cores one worker, and the other core idles while PGlite
// (in the worker's thread) or PostgreSQL and the worker take turns. Every core gets a worker (docs/development.md
// "Test databases").
const jestWorkers = `--maxWorkers=${Math.max(2, os.availableParallelism())}`;

async function jest(name, args, env) {
  const file = path.join(out, `${name}.json`);
  const code = await run(bin('jest'), ['--ci', '--json', `--outputFile=${file}`, jestWorkers, ...args], { env });
  if (fs.existsSync(file)) {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    tally.passed += r.numPassedTests;
    tally.failed += r.numFailedTests;
    tally.skipped += r.numPendingTests;
  }
  if (code !== 0) failures.push(name);
}

if (!e2eOnly) {
  // Lint, format and type check first: the cheapest checks, each failure counted once in the summary. Each runs on one
  // core, so the three run at once (about 60 s instead of 150 on 2 cores); their output is printed whole, one
  // after the other.
  stage('static checks at once: lint (ESLint, no warnings allowed), format (Prettier), types (tsc)');
  // The type check covers Next's route types too (tsconfig.check.json: the generated validator of every page's and
  // route handler's exports), which the build then need not check again (next.config.ts).
  const typegen = await runCollected(bin('next'), ['typegen']);
  if (typegen.code !== 0) console.log(typegen.output);
  const checks = [
    ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
    ['format', bin('prettier'), ['--check', '.']],
    ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.check.json']],
  ];
  const results = await Promise.all(checks.map(([, cmd, args]) => runCollected(cmd, args)));
  checks.forEach(([name], i) => {
    const { code, output, seconds } = results[i];
    console.log(`\n${code === 0 ? '✔' : '✖'} ${name} (${seconds.toFixed(0)} s)\n${output.trimEnd()}`);
    if (code !== 0) failures.push(name);
    if (name === 'typecheck' && code === 0) typesChecked = true;
  });
  const { TEST_DATABASE_URL, ...withoutPg } = process.env;
  // With PostgreSQL in the run, each server test file runs once, there; PGlite gets the sweep of its own driver's
  // paths (test/pglite-sweep.cjs), and the e2e journeys run on it. Every file on both cost 4-7 minutes a run.
  stage(TEST_DATABASE_URL ? 'unit and component tests, the PGlite sweep' : 'unit, component and service tests (PGlite)');
  await jest('jest-pglite', [], jestEnv({ ...withoutPg, TEST_DATABASE_URL: '', JEST_PGLITE_SWEEP: TEST_DATABASE_URL ? '1' : '' }));
  if (TEST_DATABASE_URL) {
    stage(`service tests on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`);
    await jest('jest-postgres', ['--selectProjects', 'server'], jestEnv({ TEST_DATABASE_URL }));
  }
}

stage('production build');
const build = buildState();
if (build.needed) {
  console.log('test: building the app…');
  // The type check above passed in this run: the build skips its own; nor does it write Turbopack's cache, which only a
  // later rebuild of changed sources would read (next.config.ts).
  const env = { ...process.env, BUILD_FS_CACHE: '0', ...(typesChecked ? { BUILD_TYPES_CHECKED: '1' } : {}) };
  if ((await run(bin('next'), ['build'], { env })) !== 0) failures.push('next build');
  else recordBuild(build.hash);
}

if (!e2eOnly && !failures.includes('next build')) {
  // SIGKILL mid-burst of purchases and recharges on PostgreSQL, restart, replay; skipped without TEST_DATABASE_URL.
  stage('crash test (production server on PostgreSQL, killed mid-burst)');
  const code = await run(process.execPath, ['scripts/crash-test.mjs']);
  const file = path.join(out, 'crash.json');
  if (fs.existsSync(file)) {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    tally.passed += r.passed;
    tally.failed += r.failed;
    tally.skipped += r.skipped;
  }
  if (code !== 0) failures.push('crash test');

  // Two servers on one PostgreSQL database and Redis behind nginx (docs/deploy.md); skipped without
  // TEST_DATABASE_URL or Redis, with one line saying so.
  stage('cluster test (two production servers, Redis, nginx; one killed mid-burst)');
  const clusterCode = await run(process.execPath, ['scripts/cluster-test.mjs']);
  const clusterFile = path.join(out, 'cluster.json');
  if (fs.existsSync(clusterFile)) {
    const r = JSON.parse(fs.readFileSync(clusterFile, 'utf8'));
    tally.passed += r.passed;
    tally.failed += r.failed;
    tally.skipped += r.skipped;
  }
  if (clusterCode !== 0) failures.push('cluster test');
}

stage('end-to-end tests (Playwright on Chromium)');
try {
  process.env.CHROME_PATH = ensureChromium();
  if (!failures.includes('next build')) {
    const code = await run(bin('playwright'), ['test'], { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
    const file = path.join(out, 'playwright.json');
    if (fs.existsSync(file)) {
      const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
      tally.passed += stats.expected + (stats.flaky ?? 0);
      tally.failed += stats.unexpected;
      tally.skipped += stats.skipped;
    }
    if (code !== 0) failures.push('playwright');
  }
} catch (err) {
  console.error(`\n✖ ${err.message}`);
  failures.push('e2e setup');
}

stage(null);
console.log('\nstage times:');
for (const [name, secs] of stageTimes) console.log(`  ${secs.toFixed(0).padStart(5)} s  ${name}`);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\n${failures.length ? `✖ failed: ${failures.join(', ')}` : '✔ all suites passed'} in ${seconds} s`);
console.log(`tests: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
