// How much React hydrates on each page: the fibers of the page's tree once it has hydrated, by kind (components,
// host elements, text, context providers, Suspense), beside the floor page /blank. Unlike the timings of
// bench/hydration.mjs it does not depend on the machine's speed or load, so a change that takes work out of
// hydration shows here even on a day when the timings' noise hides it. Each page (BENCH_FIBERS_PAGES) is opened once in
// a fresh Pixel 7 context, unthrottled; a stand-in for React's developer-tools hook, installed before the page's
// scripts, walks the tree at every commit until 2.5 s after the load (the hydration and what the page's effects
// render at once) and keeps the largest walk. The listen page is opened as a member. Prints a table and writes
// bench/results/hydration-fibers.json.
import { chromium, devices } from '@playwright/test';
import { startServer } from './lib/server.mjs';
import { asMember, memberCookies } from './lib/member.mjs';
import { CHROME_FLAGS, chromePath } from './lib/chromium.mjs';
import { DEVICE } from './lib/main-thread.mjs';
import { assertPortFree, benchPort, listFromEnv, machine, stopServer, writeResult } from './lib/util.mjs';

const PORT = benchPort(3205);
const DATA_DIR = '.data-bench-fibers';
const PAGES = listFromEnv('BENCH_FIBERS_PAGES', ['/blank', '/m', '/m/login', '/m/novels/1', '/m/read/1?nid=1', '/m/listen/1']);
const MEMBER_PHONE = '13700000216';
const base = `http://127.0.0.1:${PORT}`;

/** Runs in the page before React: React reports every commit to this hook as it would to the developer tools. */
function countFibers() {
  // React's work tags (react-reconciler's ReactWorkTags): what each fiber is.
  const KIND = {
    0: 'components',
    11: 'components',
    14: 'components',
    15: 'components',
    5: 'host',
    6: 'text',
    10: 'context',
    13: 'suspense',
  };
  const result = { commits: 0, fibers: 0, components: 0, host: 0, text: 0, context: 0, suspense: 0, other: 0, hostTags: {} };
  window.__hydrationFibers = result;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      result.commits += 1;
      const walk = { fibers: 0, components: 0, host: 0, text: 0, context: 0, suspense: 0, other: 0, hostTags: {} };
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        walk.fibers += 1;
        walk[KIND[fiber.tag] ?? 'other'] += 1;
        if (fiber.tag === 5) walk.hostTags[fiber.type] = (walk.hostTags[fiber.type] ?? 0) + 1;
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      if (walk.fibers >= result.fibers) Object.assign(result, walk);
    },
  };
}

await assertPortFree(PORT);
const startMachine = machine();
const server = await startServer({ port: PORT, dataDir: DATA_DIR, env: { SMS_DEV_INBOX: '1' } });
let browser;
try {
  const member = PAGES.some(asMember) ? await memberCookies(base, MEMBER_PHONE) : [];
  browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_FLAGS });
  const results = {};
  for (const path of PAGES) {
    const context = await browser.newContext({ ...devices[DEVICE] });
    if (asMember(path)) await context.addCookies(member.map((c) => ({ ...c, url: base })));
    const page = await context.newPage();
    await page.addInitScript(countFibers);
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    const counted = await page.evaluate(() => window.__hydrationFibers);
    const html_bytes = await page.evaluate(() => document.documentElement.outerHTML.length);
    await context.close();
    const { hostTags, ...kinds } = counted;
    const top_host_tags = Object.fromEntries(
      Object.entries(hostTags)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6),
    );
    results[path] = { ...kinds, top_host_tags, html_bytes };
  }
  const floor = results['/blank']?.fibers;
  console.log('Fibers React hydrates per page (Pixel 7, the largest tree of the commits until 2.5 s after the load)');
  console.log(
    `${'page'.padEnd(18)} ${'fibers'.padStart(7)} ${'÷ floor'.padStart(8)} ${'comp.'.padStart(6)} ${'host'.padStart(5)} ${'text'.padStart(5)} ${'ctx'.padStart(4)}  most host elements`,
  );
  for (const [path, r] of Object.entries(results)) {
    const ratio = floor ? `${(r.fibers / floor).toFixed(2)}×` : '';
    const tags = Object.entries(r.top_host_tags)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ');
    console.log(
      `${path.padEnd(18)} ${String(r.fibers).padStart(7)} ${ratio.padStart(8)} ${String(r.components).padStart(6)} ${String(r.host).padStart(5)} ${String(r.text).padStart(5)} ${String(r.context).padStart(4)}  ${tags}`,
    );
  }
  writeResult('hydration-fibers', {
    bench: 'hydration-fibers',
    at: new Date().toISOString(),
    machine: { ...startMachine, chromium: browser.version() },
    results,
  });
} finally {
  await browser?.close();
  await stopServer(server);
}
