// Two builds of the same pages compared in one run (issue 36): time to interactive at 6× CPU, as bench/hydration.mjs
// measures it, for this checkout's build (B, the change) and another checkout's (A, BENCH_AB_BASE: the build before
// it), each server on its own fresh data, the opens taking turns (A's floor and pages, then B's; the next round B
// first). This machine's speed moves by half between sittings, and within one by more than most changes: two runs of
// bench/hydration.mjs an hour apart cannot tell a change of 100 ms at 6× from the host (docs/operations.md "Main
// thread and interactions", the fifth sitting of 2026-11-30). Not a timed test: it prints medians and each page ÷
// its own build's floor, and writes bench/results/hydration-ab.json.
//
// The base checkout: build the commit before the change here, copy the checkout with its .next (not node_modules)
// elsewhere, link this node_modules into it, then build the change here:
//   npx next build && rsync -a --exclude .git --exclude /node_modules --exclude '.data*' ./ /tmp/base/ &&
//   ln -s "$PWD/node_modules" /tmp/base/node_modules && git checkout <change> && npx next build
//   BENCH_AB_BASE=/tmp/base node bench/hydration-ab.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from './lib/server.mjs';
import { asMember, memberCookies } from './lib/member.mjs';
import { CHROME_FLAGS, chromePath } from './lib/chromium.mjs';
import { benchmarkIndex, settle, throttledPage } from './lib/main-thread.mjs';
import { assertPortFree, benchPort, busyWarning, listFromEnv, machine, median, stopServer, writeResult } from './lib/util.mjs';

const FLOOR = '/blank';
const PAGES = listFromEnv('BENCH_AB_PAGES', ['/m/listen/1']);
const RUNS = Math.max(1, Number(process.env.BENCH_AB_RUNS ?? 6) || 6);
const SLOWDOWN = 6;
const MEMBER_PHONE = '13700000214';
const BASE_DIR = process.env.BENCH_AB_BASE;
if (!BASE_DIR || !fs.existsSync(path.join(BASE_DIR, '.next', 'BUILD_ID'))) {
  console.error('bench: BENCH_AB_BASE must name a checkout with its own build (.next); see the head of this file');
  process.exit(2);
}

const port = benchPort(3205);
const sides = {
  A: { label: `base (${BASE_DIR})`, cwd: path.resolve(BASE_DIR), port: port + 1, dataDir: path.resolve('.data-bench-ab-a') },
  B: { label: 'this checkout', cwd: process.cwd(), port, dataDir: path.resolve('.data-bench-ab-b') },
};
for (const s of Object.values(sides)) await assertPortFree(s.port);
const startMachine = machine();
const busy = busyWarning();
const servers = [];
let browser;
try {
  for (const s of Object.values(sides)) {
    s.server = await startServer({ port: s.port, dataDir: s.dataDir, cwd: s.cwd, env: { SMS_DEV_INBOX: '1' } });
    servers.push(s.server);
    s.base = `http://127.0.0.1:${s.port}`;
    s.member = PAGES.some(asMember) ? await memberCookies(s.base, MEMBER_PHONE) : [];
  }
  browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
  const open = async (side, page) => {
    const s = sides[side];
    const t = await throttledPage(browser, { slowdown: SLOWDOWN, cookies: asMember(page) ? s.member : [], origin: s.base });
    try {
      await t.page.goto(`${s.base}${page}`, { waitUntil: 'load', timeout: 120_000 });
      return await settle(t.page, t.cdp);
    } finally {
      await t.context.close();
    }
  };
  const order = [FLOOR, ...PAGES];
  // Warm-up: one open of each page on each build fills the servers' caches and the browser's compiled code.
  for (const side of ['A', 'B']) for (const p of order) await open(side, p);
  const runs = { A: {}, B: {} };
  const indexes = [];
  for (let i = 0; i < RUNS; i++) {
    indexes.push(await benchmarkIndex(browser));
    for (const side of i % 2 ? ['B', 'A'] : ['A', 'B'])
      for (const p of order) (runs[side][p] ??= []).push((await open(side, p)).interactive_ms);
  }
  const results = {};
  for (const side of ['A', 'B']) {
    const floor = median(runs[side][FLOOR]);
    results[side] = { build: sides[side].label, floor_interactive_ms: floor, pages: {} };
    for (const p of PAGES) {
      const tti = median(runs[side][p]);
      results[side].pages[p] = { interactive_ms: tti, ratio: +(tti / floor).toFixed(2), runs: runs[side][p] };
    }
    results[side].floor_runs = runs[side][FLOOR];
  }
  writeResult('hydration-ab', {
    bench: 'hydration-ab',
    at: new Date().toISOString(),
    machine: {
      ...startMachine,
      benchmark_index: { median: median(indexes), min: Math.min(...indexes) },
      load_avg_1m_end: +os.loadavg()[0].toFixed(2),
    },
    settings: { device: 'Pixel 7', cpu_slowdown: SLOWDOWN, runs_per_page: RUNS },
    results,
  });
  console.log(`Time to interactive at ${SLOWDOWN}× CPU, two builds interleaved (median of ${RUNS})`);
  for (const side of ['A', 'B']) {
    const r = results[side];
    console.log(`${side} ${r.build}: floor ${r.floor_interactive_ms} ms (${r.floor_runs.join(' ')})`);
    for (const [p, x] of Object.entries(r.pages))
      console.log(`    ${p.padEnd(24)}${String(x.interactive_ms).padStart(6)} ms  ÷ floor ${x.ratio}   (${x.runs.join(' ')})`);
  }
  console.log(
    `CPU benchmark index ${median(indexes)} (min ${Math.min(...indexes)}), load average ${startMachine.load_avg_1m} → ${os.loadavg()[0].toFixed(2)}`,
  );
  if (busy) console.log(busy);
} finally {
  await browser?.close();
  for (const server of servers) await stopServer(server);
}
