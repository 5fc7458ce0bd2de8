// Lighthouse 12 (mobile: its default form factor, screen and simulated slow-4G/4x-CPU throttling), categories
// performance and accessibility, on the production build, in Debian's headless Chromium. Per page: performance
// and accessibility scores (0–100), LCP, TBT and CLS; the median of BENCH_LH_RUNS runs (default 1). Targets are
// printed beside the values, never failed on. These figures are absolute, not ratios: Lighthouse simulates a
// mid-range phone from this run's trace; the CPU benchmark index it takes on every run is recorded, and a run
// that had less than its share of the CPUs is flagged.
// Pages (issue 13): home as a first visit (a fresh device: no cookies, no local storage, so the promotion popup
// is due), sign-in, a novel, the reader on a free chapter and the listen page, which needs a member: the bench
// signs one in through the dev SMS inbox and gives the browser its cookies for that page only.
// Targets: performance ≥ 95, LCP ≤ 2.0 s, CLS 0 (nothing may move once the page is there).
// BENCH_LH_FRONT=nginx puts the page behind nginx as deployed (docs/deploy.md "Load balancer": TLS, HTTP/2, brotli
// or gzip by nginx, its cache of public answers); by default the browser talks to the app server directly (HTTP/1.1,
// the app's own gzip).
// BENCH_LH_THROTTLING=devtools throttles the network and CPU for real while the page loads (Lighthouse's "applied"
// throttling: DevTools' slow-4G figures and 4× CPU) instead of simulating them from an unthrottled load. The simulation
// counts into LCP every script that finished before the observed paint; on a local host the framework's chunks land
// within milliseconds of the stylesheet, so its LCP is a race the page does not decide. Applied throttling measures the
// paint the throttled page really makes; its runs spread wider, so read it with the simulated figures, not instead.
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startServer } from './lib/server.mjs';
import { asMember, memberCookies, cookieHeader } from './lib/member.mjs';
import { CHROME_FLAGS, chromePath } from './lib/chromium.mjs';
import { frontLabel, startNginxFront } from './lib/nginx-front.mjs';
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

// chrome-launcher is Lighthouse's own dependency: load the copy Lighthouse resolves.
const chromeLauncher = await import(pathToFileURL(createRequire(import.meta.resolve('lighthouse')).resolve('chrome-launcher')).href);

const PORT = benchPort(3201);
const DATA_DIR = '.data-bench-lh';
const READER = '/m/read/1?nid=1';
// The framework's floor: an empty page of the same build (one line of text, no script of its own), scored in the same
// run. Lighthouse's figures move with the host (its CPU time counts four times over, and this machine's speed varies
// by a factor of two between sittings), so each page is also printed against the floor: what the page itself adds.
const FLOOR = '/blank';
const PAGES = listFromEnv('BENCH_LH_PAGES', [FLOOR, '/m', '/m/login', '/m/novels/1', READER, '/m/listen/1']);
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 1) || 1);
const TARGETS = { performance: 95, accessibility: 95, lcp_ms: 2000, cls: 0 };
const targetsFor = () => TARGETS;
// Login-guarded pages, opened as a member; every other page as a first-time visitor.
const MEMBER_PHONE = '13700000213';
// A first visit: besides Lighthouse's default (caches, service workers), the origin's cookies and local storage
// go, so home's promotion popup is due (docs/shell.md "Modals") and no member is signed in.
const CLEAR_STORAGE = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'cookies', 'local_storage', 'indexeddb'];
// The shell's log beacons (fetch with keepalive) never get a loadingFinished event over the DevTools protocol,
// though the server answers them in milliseconds: Lighthouse would wait out its 45 s maxWaitForLoad on every
// page and warn that the page "loaded too slowly". They are fire-and-forget and sent after hydration, so they
// are blocked here.
const BLOCKED = ['*/v1/logs/*', ...(process.env.BENCH_LH_BLOCK ? process.env.BENCH_LH_BLOCK.split(',') : [])];
// Lighthouse's own threshold for a host too slow (or too busy) for its throttling to be trusted.
const SLOW_HOST_INDEX = 1000;
const FRONT = process.env.BENCH_LH_FRONT === 'nginx' ? 'nginx' : 'app';
const THROTTLING = process.env.BENCH_LH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const NGINX_DIR = '.bench-nginx';

function metrics(lhr) {
  const score = (c) => (lhr.categories[c]?.score == null ? undefined : Math.round(lhr.categories[c].score * 100));
  const value = (a) => lhr.audits[a]?.numericValue;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp_ms: value('largest-contentful-paint') == null ? undefined : Math.round(value('largest-contentful-paint')),
    tbt_ms: value('total-blocking-time') == null ? undefined : Math.round(value('total-blocking-time')),
    cls: value('cumulative-layout-shift') == null ? undefined : +value('cumulative-layout-shift').toFixed(4),
    lcp_element: lcpElement(lhr),
    lcp_phases: lcpPhases(lhr),
    scripts_before_lcp: scriptsBeforeLcp(lhr),
    final_url: lhr.finalDisplayedUrl,
    benchmark_index: lhr.environment?.benchmarkIndex,
    runtime_error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    warnings: lhr.runWarnings?.length ? lhr.runWarnings : undefined,
    failing_a11y: Object.values(lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

/** The element Lighthouse took for the largest paint (its selector), to see what a slow LCP waits for. */
function lcpElement(lhr) {
  const table = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
  const node = table?.items?.[0]?.node;
  return node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim().slice(0, 200) : undefined;
}

/** Where the LCP's time went (TTFB, load delay, load time, render delay, in ms), as Lighthouse splits it. */
function lcpPhases(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items;
  return Array.isArray(items) ? Object.fromEntries(items.map((i) => [i.phase, Math.round(i.timing)])) : undefined;
}

/**
 * The scripts that had finished downloading when the page painted its LCP in the observed (unthrottled) run: their
 * count and gzipped KB. Lighthouse's simulation counts every request that finished before that paint (and the
 * scripts' run time if they ran before it) into its LCP estimate, so a run in which the app's chunks landed first
 * costs their download on the simulated slow network; one in which the paint came first does not
 * (docs/operations.md "Figures").
 */
function scriptsBeforeLcp(lhr) {
  const paint = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  const requests = lhr.audits['network-requests']?.details?.items;
  if (paint == null || !Array.isArray(requests)) return undefined;
  const before = requests.filter((r) => r.resourceType === 'Script' && r.networkEndTime <= paint);
  return { count: before.length, kb: +(before.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024).toFixed(1) };
}

const mark = (ok) => (ok === undefined ? ' ' : ok ? '✓' : '✗');
const fmt = (v, width, digits = 0) => (v === undefined ? '—' : v.toFixed(digits)).padStart(width);

await assertPortFree(PORT);
const startMachine = machine();
const busy = busyWarning();
const executable = chromePath();
const server = await startServer({ port: PORT, dataDir: DATA_DIR, env: { SMS_DEV_INBOX: '1' } });
let chrome;
let browser;
let nginx;
try {
  const direct = `http://127.0.0.1:${PORT}`;
  const member = PAGES.some(asMember) ? await memberCookies(direct, MEMBER_PHONE) : [];
  // Warm-up: the first render of each page fills PGlite's pages and the server's caches.
  for (const path of PAGES) {
    const headers = asMember(path) ? { cookie: cookieHeader(member) } : {};
    for (let i = 0; i < 2; i++) await (await fetch(`${direct}${path}`, { headers })).arrayBuffer();
  }
  let base = direct;
  let flags = CHROME_FLAGS;
  if (FRONT === 'nginx') {
    const front = await startNginxFront({ dir: NGINX_DIR, upstream: PORT, variable: 'BENCH_LH_FRONT' });
    ({ nginx, base, flags } = front);
  }

  chrome = await chromeLauncher.launch({ chromePath: executable, chromeFlags: flags, logLevel: 'silent' });
  // A DevTools connection of our own, to hand the member's cookies to the browser before a guarded page.
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const warmPage = await browser.newPage();
  const cdp = await warmPage.createCDPSession();
  // Behind nginx, one visit per page first, so its cache holds the build's scripts as it would on a live site.
  if (nginx) for (const path of PAGES.filter((p) => !asMember(p))) await warmPage.goto(`${base}${path}`, { waitUntil: 'load' });
  const flagsFor = (path) => ({
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    blockedUrlPatterns: BLOCKED,
    throttlingMethod: THROTTLING,
    // A member's page keeps its cookies (Lighthouse's default clearing leaves them); the others start empty.
    ...(asMember(path) ? {} : { clearStorageTypes: CLEAR_STORAGE }),
  });
  const prepare = async (path) => {
    await cdp.send('Network.clearBrowserCookies');
    if (asMember(path)) await cdp.send('Network.setCookies', { cookies: member.map((c) => ({ ...c, url: base })) });
  };

  const results = {};
  let lighthouseVersion;
  // Runs go round the pages (page 1, page 2, …, then again), so a spell of other work on the machine falls on
  // every page alike rather than on one page's runs.
  const runsOf = Object.fromEntries(PAGES.map((p) => [p, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const path of PAGES) {
      await prepare(path);
      const result = await lighthouse(`${base}${path}`, flagsFor(path));
      if (!result) throw new Error(`bench: lighthouse returned nothing for ${path}`);
      lighthouseVersion = result.lhr.lighthouseVersion;
      // The machine's load at the end of each run: the other work this run shared the CPUs with.
      runsOf[path].push({ ...metrics(result.lhr), load_avg_1m: +os.loadavg()[0].toFixed(2) });
      // BENCH_LH_DUMP=dir keeps each run's full report, to see what a slow figure waits for.
      if (process.env.BENCH_LH_DUMP)
        fs.writeFileSync(`${process.env.BENCH_LH_DUMP}/${path.replace(/\W+/g, '_')}-${i}.json`, JSON.stringify(result.lhr));
    }
  }
  for (const path of PAGES) {
    const runs = runsOf[path];
    const pick = (k) => median(runs.map((r) => r[k]));
    const finalPath = runs[0].final_url ? new URL(runs[0].final_url).pathname + new URL(runs[0].final_url).search : undefined;
    results[path] = {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      lcp_ms: pick('lcp_ms'),
      tbt_ms: pick('tbt_ms'),
      cls: pick('cls'),
      lcp_elements: [...new Set(runs.map((r) => r.lcp_element).filter(Boolean))],
      // How many runs had more than 50 KB of script in before the observed LCP (the framework's chunks landed first).
      runs_with_scripts_before_lcp: runs.filter((r) => (r.scripts_before_lcp?.kb ?? 0) > 50).length,
      final_path: finalPath,
      redirected: finalPath !== undefined && finalPath !== path,
      failing_a11y_audits: [...new Set(runs.flatMap((r) => r.failing_a11y))],
      errors: runs.map((r) => r.runtime_error).filter(Boolean),
      warnings: [...new Set(runs.flatMap((r) => r.warnings ?? []))],
      runs: runs.map(({ failing_a11y: _a, warnings: _w, ...r }) => r),
    };
  }

  const floor = results[FLOOR];
  for (const [path, r] of Object.entries(results)) {
    const t = targetsFor(path);
    r.as_member = asMember(path);
    if (floor && path !== FLOOR && r.lcp_ms !== undefined && floor.lcp_ms !== undefined) {
      r.vs_floor = {
        lcp_ratio: +(r.lcp_ms / floor.lcp_ms).toFixed(2),
        tbt_extra_ms: r.tbt_ms - floor.tbt_ms,
        performance_below_floor: floor.performance - r.performance,
      };
    }
    r.within_target =
      r.performance !== undefined &&
      r.cls !== undefined &&
      r.lcp_ms !== undefined &&
      !r.redirected &&
      r.performance >= t.performance &&
      r.lcp_ms <= t.lcp_ms &&
      r.cls <= t.cls;
  }
  await assertServerAlive(PORT);
  // Lighthouse times a small CPU benchmark on each run: how much of the CPUs this run really had.
  const indexes = Object.values(results)
    .flatMap((r) => r.runs.map((x) => x.benchmark_index))
    .filter((x) => x != null);
  const report = {
    bench: 'lighthouse',
    at: new Date().toISOString(),
    machine: {
      ...startMachine,
      chromium: await chromeVersion(chrome.port),
      lighthouse: lighthouseVersion,
      lighthouse_benchmark_index: { median: median(indexes), min: Math.min(...indexes) },
    },
    settings: {
      form_factor: 'mobile',
      throttling: THROTTLING === 'devtools' ? 'applied by DevTools (slow 4G, 4× CPU)' : 'simulated (Lighthouse default)',
      front: frontLabel(FRONT),
      categories: ['performance', 'accessibility'],
      runs_per_page: RUNS,
      blocked_url_patterns: BLOCKED,
      first_visit_clears: CLEAR_STORAGE,
      member_pages: PAGES.filter(asMember),
    },
    targets: {
      performance_min: TARGETS.performance,
      accessibility_min: TARGETS.accessibility,
      lcp_max_ms: TARGETS.lcp_ms,
      cls_max: TARGETS.cls,
    },
    results,
  };
  writeResult(`lighthouse${FRONT === 'nginx' ? '-nginx' : ''}${THROTTLING === 'devtools' ? '-devtools' : ''}`, report);

  const width = Math.max(22, ...PAGES.map((p) => p.length + 2));
  console.log(
    `Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile${FRONT === 'nginx' ? ', behind nginx (TLS, HTTP/2, brotli)' : ''}${THROTTLING === 'devtools' ? ', throttling applied' : ''} — targets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}, LCP ≤ ${TARGETS.lcp_ms} ms, CLS ${TARGETS.cls}`,
  );
  console.log(
    `${'page'.padEnd(width)}${'perf'.padStart(6)}  ${'a11y'.padStart(5)}  ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(7)}   note`,
  );
  for (const [path, r] of Object.entries(results)) {
    const t = targetsFor(path);
    const notes = [];
    if (r.redirected) notes.push(`→ ${r.final_path}`);
    if (r.errors.length) notes.push(`error: ${r.errors[0]}`);
    if (r.failing_a11y_audits.length) notes.push(`a11y fails: ${r.failing_a11y_audits.join(', ')}`);
    if (path === FLOOR) notes.push('framework floor');
    if (r.vs_floor)
      notes.push(`LCP ${r.vs_floor.lcp_ratio}× the floor's, TBT ${r.vs_floor.tbt_extra_ms >= 0 ? '+' : ''}${r.vs_floor.tbt_extra_ms} ms`);
    notes.push(`scripts in before the LCP paint in ${r.runs_with_scripts_before_lcp}/${r.runs.length} runs`);
    console.log(
      `${path.padEnd(width)}${fmt(r.performance, 4)} ${mark(r.performance === undefined ? undefined : r.performance >= t.performance)}` +
        `  ${fmt(r.accessibility, 3)} ${mark(r.accessibility === undefined ? undefined : r.accessibility >= TARGETS.accessibility)}` +
        `  ${fmt(r.lcp_ms, 7)}${mark(r.lcp_ms === undefined ? undefined : r.lcp_ms <= t.lcp_ms)}${fmt(r.tbt_ms, 7)} ${fmt(r.cls, 6, 3)} ${mark(r.cls === undefined ? undefined : r.cls <= t.cls)}   ${notes.join('; ')}`,
    );
  }
  for (const [path, r] of Object.entries(results)) {
    if (path === FLOOR) continue;
    console.log(
      `${path}${r.as_member ? ' (member)' : ' (first visit)'}: performance ${r.performance ?? '—'} (≥ ${TARGETS.performance}), LCP ${r.lcp_ms ?? '—'} ms (≤ ${TARGETS.lcp_ms}), CLS ${r.cls ?? '—'} (= 0)${r.redirected ? `, ended at ${r.final_path}` : ''} — ${r.within_target ? 'PASS' : 'FAIL'}`,
    );
  }
  if (floor)
    console.log(
      `floor ${FLOOR}: TBT ${floor.tbt_ms} ms, LCP ${floor.lcp_ms} ms; load average ${startMachine.load_avg_1m} → ${os.loadavg()[0].toFixed(2)} on ${startMachine.cpus} CPUs, CPU benchmark index ${median(indexes)} (min ${Math.min(...indexes)})`,
    );
  if (busy) console.log(busy);
  if (Math.min(...indexes) < SLOW_HOST_INDEX) {
    console.log(
      `⚠ Lighthouse's CPU benchmark index fell to ${Math.round(Math.min(...indexes))} (< ${SLOW_HOST_INDEX}: other work shared the CPUs); performance and TBT are skewed`,
    );
  }
} catch (err) {
  await explainFailure(err, PORT);
} finally {
  if (browser) await browser.disconnect();
  if (chrome) await chrome.kill();
  if (nginx) await nginx.stop();
  await stopServer(server);
}

async function chromeVersion(port) {
  try {
    return (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()).Browser;
  } catch {
    return undefined;
  }
}
