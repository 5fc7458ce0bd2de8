// Main-thread time to interactive on a slow phone (issue 36): each page opened in a fresh Pixel 7 context (empty
// caches, no cookies: a first visit) with Chromium's CPU slowed 6× through the DevTools protocol
// (Emulation.setCPUThrottlingRate), against the framework's floor page /blank of the same build. Per open: the end
// of the last long task before 3 s without one (time to interactive, as Lighthouse counts it without its network
// condition), the blocking part of the long tasks, the main thread's whole task time (CDP Performance metrics)
// and the renderer processes' CPU time (CDP SystemInfo: the page's own work, which other load on the machine and
// the throttling's pauses hardly change), until then. Pages and the floor take turns, so a spell of other work on the
// shared machine falls on all alike, and each round starts one page later than the one before (floor, page 1, …;
// then page 1, …, floor): first after the benchmark index was always the floor before, and a place in the round
// that is always the same one page's would be its own bias. The medians are printed as page ÷ floor, target ≤ 1.3×;
// beside them the median of each round's own page ÷ floor (the paired ratio), which a host whose speed drifts
// between rounds moves less (docs/operations.md "Main thread and interactions", the eighth sitting).
// The host's speed (Lighthouse's CPU benchmark index, taken before every round) and the load average are
// recorded beside them. Not a timed test: it prints figures and a verdict and writes bench/results/hydration.json.
import os from 'node:os';
import { chromium } from '@playwright/test';
import { startServer } from './lib/server.mjs';
import { asMember, memberCookies } from './lib/member.mjs';
import { CHROME_FLAGS, chromePath } from './lib/chromium.mjs';
import { frontLabel, startNginxFront } from './lib/nginx-front.mjs';
import { benchmarkIndex, cpuSince, rendererCpu, settle, throttledPage } from './lib/main-thread.mjs';
import {
  assertPortFree,
  assertServerAlive,
  benchPort,
  busyWarning,
  explainFailure,
  listFromEnv,
  machine,
  median,
  stopServer,
  writeResult,
} from './lib/util.mjs';

const PORT = benchPort(3201);
const DATA_DIR = '.data-bench-hydration';
const FLOOR = '/blank';
const READER = '/m/read/1?nid=1';
const PAGES = listFromEnv('BENCH_HYDRATION_PAGES', [FLOOR, '/m', '/m/login', '/m/novels/1', READER, '/m/listen/1']);
const RUNS = Math.max(1, Number(process.env.BENCH_HYDRATION_RUNS ?? 3) || 3);
const SLOWDOWN = Math.max(1, Number(process.env.BENCH_HYDRATION_CPU ?? 6) || 6);
const TARGET_RATIO = 1.3;
const MEMBER_PHONE = '13700000214';
// BENCH_HYDRATION_FRONT=nginx opens the pages behind nginx as deployed (docs/deploy.md "Load balancer": TLS, HTTP/2,
// compression, the build's files and public answers served from its cache). Directly, every script and cover is
// answered by the app server's one thread, which on a 2-core machine also competes with the browser for the CPU:
// a page that asks for more (home's covers) then waits for its scripts longer than the floor does, which a phone
// talking to a deployed site does not (docs/operations.md "Main thread and interactions", the fifth sitting of
// 2026-11-30).
const FRONT = process.env.BENCH_HYDRATION_FRONT === 'nginx' ? 'nginx' : 'app';
const NGINX_DIR = '.bench-nginx-hydration';
const direct = `http://127.0.0.1:${PORT}`;
let base = direct;

/** The pages in round i's order: the list started i places in, wrapping round. */
const rotated = (list, i) => list.map((_, k) => list[(k + i) % list.length]);

async function openOnce(browser, path, member) {
  const { context, page, cdp } = await throttledPage(browser, { slowdown: SLOWDOWN, cookies: asMember(path) ? member : [], origin: base });
  try {
    const cpuBefore = await rendererCpu(browserSession);
    const response = await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 120_000 });
    const figures = await settle(page, cdp);
    const renderer_cpu_ms = cpuSince(cpuBefore, await rendererCpu(browserSession));
    const final = new URL(page.url());
    return { status: response?.status(), final_path: final.pathname + final.search, ...figures, renderer_cpu_ms };
  } finally {
    await context.close();
  }
}

await assertPortFree(PORT);
const startMachine = machine();
const busy = busyWarning();
const executable = chromePath();
const server = await startServer({ port: PORT, dataDir: DATA_DIR, env: { SMS_DEV_INBOX: '1' } });
let browser;
let browserSession;
let nginx;
try {
  const member = PAGES.some(asMember) ? await memberCookies(direct, MEMBER_PHONE) : [];
  let flags = CHROME_FLAGS;
  if (FRONT === 'nginx') {
    const front = await startNginxFront({ dir: NGINX_DIR, upstream: PORT, variable: 'BENCH_HYDRATION_FRONT' });
    ({ nginx, base, flags } = front);
  }
  browser = await chromium.launch({ executablePath: executable, args: flags });
  browserSession = await browser.newBrowserCDPSession();
  // Warm-up: one open of each page fills the server's caches and the browser's compiled code.
  for (const path of PAGES) await openOnce(browser, path, member);

  const runsOf = Object.fromEntries(PAGES.map((p) => [p, []]));
  const rounds = [];
  for (let i = 0; i < RUNS; i++) {
    rounds.push({ benchmark_index: await benchmarkIndex(browser), load_avg_1m: +os.loadavg()[0].toFixed(2) });
    for (const path of rotated(PAGES, i)) runsOf[path].push(await openOnce(browser, path, member));
  }
  await assertServerAlive(PORT);

  const results = {};
  for (const path of PAGES) {
    const runs = runsOf[path];
    const pick = (k) => median(runs.map((r) => r[k]));
    results[path] = {
      as_member: asMember(path),
      interactive_ms: pick('interactive_ms'),
      main_thread_ms: pick('main_thread_ms'),
      script_ms: pick('script_ms'),
      renderer_cpu_ms: pick('renderer_cpu_ms'),
      blocking_ms: pick('blocking_ms'),
      fcp_ms: pick('fcp_ms'),
      final_path: runs[0].final_path,
      redirected: runs[0].final_path !== path,
      runs,
    };
  }
  const floor = results[FLOOR];
  for (const [path, r] of Object.entries(results)) {
    if (path === FLOOR || !floor) continue;
    r.vs_floor = {
      interactive_ratio: +(r.interactive_ms / floor.interactive_ms).toFixed(2),
      paired_interactive_ratio: +median(r.runs.map((run, i) => run.interactive_ms / floor.runs[i].interactive_ms)).toFixed(2),
      main_thread_ratio: +(r.main_thread_ms / floor.main_thread_ms).toFixed(2),
      renderer_cpu_ratio: +(r.renderer_cpu_ms / floor.renderer_cpu_ms).toFixed(2),
    };
    r.within_target = !r.redirected && r.vs_floor.interactive_ratio <= TARGET_RATIO;
  }
  const indexes = rounds.map((r) => r.benchmark_index);
  writeResult(FRONT === 'nginx' ? 'hydration-nginx' : 'hydration', {
    bench: 'hydration',
    at: new Date().toISOString(),
    machine: {
      ...startMachine,
      chromium: browser.version(),
      benchmark_index: { median: median(indexes), min: Math.min(...indexes) },
      load_avg_1m_end: +os.loadavg()[0].toFixed(2),
    },
    settings: {
      device: 'Pixel 7',
      front: frontLabel(FRONT),
      cpu_slowdown: SLOWDOWN,
      runs_per_page: RUNS,
      quiet_window_ms: 3000,
      member_pages: PAGES.filter(asMember),
    },
    targets: { interactive_ratio_max: TARGET_RATIO },
    rounds,
    results,
  });

  const width = Math.max(20, ...PAGES.map((p) => p.length + 2));
  console.log(
    `Main thread to interactive at ${SLOWDOWN}× CPU${FRONT === 'nginx' ? ', behind nginx' : ''} (median of ${RUNS}, interleaved with the floor ${FLOOR}) — target: page ÷ floor ≤ ${TARGET_RATIO}×`,
  );
  console.log(
    `${'page'.padEnd(width)}${'TTI ms'.padStart(8)}${'÷ floor'.padStart(9)}${'paired'.padStart(8)}${'main ms'.padStart(9)}${'÷ floor'.padStart(9)}${'CPU ms'.padStart(8)}${'÷ floor'.padStart(9)}${'TBT'.padStart(7)}   verdict`,
  );
  for (const [path, r] of Object.entries(results)) {
    const verdict =
      path === FLOOR ? 'framework floor' : `${r.within_target ? 'PASS' : 'FAIL'}${r.redirected ? ` (→ ${r.final_path})` : ''}`;
    console.log(
      `${path.padEnd(width)}${String(r.interactive_ms).padStart(8)}${(r.vs_floor ? `${r.vs_floor.interactive_ratio}×` : '').padStart(9)}` +
        `${(r.vs_floor ? `${r.vs_floor.paired_interactive_ratio}×` : '').padStart(8)}` +
        `${String(r.main_thread_ms).padStart(9)}${(r.vs_floor ? `${r.vs_floor.main_thread_ratio}×` : '').padStart(9)}` +
        `${String(r.renderer_cpu_ms).padStart(8)}${(r.vs_floor ? `${r.vs_floor.renderer_cpu_ratio}×` : '').padStart(9)}` +
        `${String(r.blocking_ms).padStart(7)}   ${verdict}`,
    );
  }
  console.log(
    `CPU benchmark index ${median(indexes)} (min ${Math.min(...indexes)}), load average ${startMachine.load_avg_1m} → ${os.loadavg()[0].toFixed(2)} on ${startMachine.cpus} CPUs`,
  );
  if (busy) console.log(busy);
} catch (err) {
  await explainFailure(err, PORT);
} finally {
  if (browser) await browser.close();
  if (nginx) await nginx.stop();
  await stopServer(server);
}
