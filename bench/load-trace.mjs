// What a page's main thread does at load on a slow phone, by kind of work and by script: the tool behind the
// figures of bench/hydration.mjs when a page is far above the floor. Each page (BENCH_TRACE_PAGES, default the
// floor /blank and the home page) is opened once to warm the server's caches, then once more in a fresh Pixel 7
// context with the CPU slowed 6× (BENCH_TRACE_CPU) while Chromium's timeline is traced, until the main thread has
// been quiet for 3 s. Printed per page: the main thread's busy time split by the kind of the tasks' work (script
// evaluation and calls, compiling, HTML parsing, style, layout, paint, garbage collection, other), the part of style
// and layout spent matching fonts, and the scripts whose evaluation and calls cost most, in milliseconds of the
// slowed CPU. Not a timed test: it prints figures and
// writes bench/results/load-trace.json; BENCH_TRACE_DUMP=dir also keeps each page's trace there.
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { startServer } from './lib/server.mjs';
import { asMember, memberCookies } from './lib/member.mjs';
import { CHROME_FLAGS, chromePath } from './lib/chromium.mjs';
import { settle, throttledPage } from './lib/main-thread.mjs';
import { startTrace, summariseTrace } from './lib/trace-summary.mjs';
import { assertPortFree, benchPort, listFromEnv, machine, stopServer, writeResult } from './lib/util.mjs';

const PORT = benchPort(3203);
const DATA_DIR = '.data-bench-trace';
const PAGES = listFromEnv('BENCH_TRACE_PAGES', ['/blank', '/m']);
const SLOWDOWN = Math.max(1, Number(process.env.BENCH_TRACE_CPU ?? 6) || 6);
const DUMP = process.env.BENCH_TRACE_DUMP;
const MEMBER_PHONE = '13700000215';
const base = `http://127.0.0.1:${PORT}`;

async function traced(browser, path, cookies) {
  const { context, page, cdp } = await throttledPage(browser, { slowdown: SLOWDOWN, cookies, origin: base });
  try {
    const tracing = await startTrace(cdp);
    // With BENCH_TRACE_DUMP, the page's JavaScript is also sampled, to name the functions behind a script's time.
    if (DUMP) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    await page.goto(`${base}${path}`, { waitUntil: 'load', timeout: 120_000 });
    const figures = await settle(page, cdp);
    const events = await tracing.stop();
    // BENCH_TRACE_DUMP=dir keeps the whole trace, to open in DevTools' Performance panel, and the samples as a
    // .cpuprofile whose chunk addresses name the build's files: `node bench/lib/cpu-profile-top.mjs` reads it, and
    // with a build made with BROWSER_SOURCE_MAPS=1 names each function by its source.
    if (DUMP) {
      fs.mkdirSync(DUMP, { recursive: true });
      const name = `${DUMP}/${path.replace(/\W+/g, '_')}`;
      fs.writeFileSync(`${name}.json`, JSON.stringify({ traceEvents: events }));
      const { profile } = await cdp.send('Profiler.stop');
      for (const node of profile.nodes)
        if (node.callFrame.url.startsWith(`${base}/_next/`))
          node.callFrame.url = `file://${process.cwd()}/.next/${node.callFrame.url.slice(base.length + 7)}`;
      fs.writeFileSync(`${name}.cpuprofile`, JSON.stringify(profile));
    }
    return { ...figures, ...summariseTrace(events, base) };
  } finally {
    await context.close();
  }
}

await assertPortFree(PORT);
const server = await startServer({ port: PORT, dataDir: DATA_DIR, env: { SMS_DEV_INBOX: '1' } });
let browser;
try {
  const member = PAGES.some(asMember) ? await memberCookies(base, MEMBER_PHONE) : [];
  browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
  const results = {};
  for (const path of PAGES) {
    const cookies = asMember(path) ? member : [];
    await traced(browser, path, cookies);
    results[path] = await traced(browser, path, cookies);
  }
  writeResult('load-trace', { bench: 'load-trace', at: new Date().toISOString(), machine: machine(), cpu_slowdown: SLOWDOWN, results });
  for (const [path, r] of Object.entries(results)) {
    console.log(`\n${path}: interactive ${r.interactive_ms} ms, main thread busy ${r.busy_ms} ms at ${SLOWDOWN}× CPU`);
    for (const [kind, ms] of Object.entries(r.by_kind)) console.log(`  ${kind.padEnd(12)}${String(ms).padStart(7)} ms`);
    console.log(`  of style and layout, matching fonts: ${r.font_matching_ms} ms`);
    console.log('  scripts (evaluation and calls):');
    for (const { url, ms } of r.by_script.slice(0, 12)) console.log(`  ${String(ms).padStart(7)} ms  ${url}`);
  }
} finally {
  await browser?.close();
  await stopServer(server);
}
