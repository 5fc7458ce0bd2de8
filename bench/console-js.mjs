// Client JavaScript of the staff console (docs/console.md "Client JavaScript"): console pages are server-rendered
// and their buttons plain form posts, so a page should load no more script than the framework's floor plus what its
// forms need. Each page is opened in headless Chromium as a signed-in admin and its scripts gzipped and summed as
// bench/first-load-js.mjs does (bench/lib/page-scripts.mjs); the floor is /blank of the same build, measured in the
// same run.
// Targets above the floor: ≤ 5 KB for a page of plain forms (none needs a client component; the allowance is the
// page's own route chunk), ≤ 10 KB for the import page, whose upload island (a progress bar over XHR) is the one
// client component the console has.
// The client components each page references beyond the floor are read from the build's client reference manifests
// (.next/server/app/…/page_client-reference-manifest.js): the 'use client' files of its layouts and page.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { chromium } from '@playwright/test';
import { startServer } from './lib/server.mjs';
import { createStaff, staffCookie } from './lib/staff.mjs';
import { measureScripts } from './lib/page-scripts.mjs';
import { CHROME_FLAGS, chromePath } from './lib/chromium.mjs';
import { assertPortFree, assertServerAlive, benchPort, explainFailure, machine, stopServer, writeResult } from './lib/util.mjs';

const PORT = benchPort(3203);
const DATA_DIR = '.data-bench-console-js';
const FLOOR = '/blank';
const KB = 1024;
const TARGETS = { forms: 5, upload: 10 }; // KB above the floor
const STAFF = { username: 'bench-admin', password: 'bench-console-password' };

// Each page with its app route (the manifest's entry name).
const PAGES = [
  [FLOOR, '/(bench)/blank/page'],
  ['/admin', '/admin/page'],
  ['/admin/content/import', '/admin/content/import/page'],
  ['/admin/content/novels', '/admin/content/novels/page'],
  ['/admin/content/novels/1', '/admin/content/novels/[nid]/page'],
  ['/admin/storefront', '/admin/storefront/page'],
  ['/admin/selling', '/admin/selling/page'],
  ['/admin/orders', '/admin/orders/page'],
  ['/admin/members', '/admin/members/page'],
  ['/admin/listening', '/admin/listening/page'],
  ['/admin/config', '/admin/config/page'],
  ['/admin/account', '/admin/account/page'],
  ['/admin/audit', '/admin/audit/page'],
];
const kind = (p) => (p === FLOOR ? 'floor' : p === '/admin/content/import' ? 'upload' : 'forms');

/** The source files of the client components an app route references, from its client reference manifest. */
function clientComponents(entry) {
  const file = path.join('.next/server/app', `${entry}_client-reference-manifest.js`);
  if (!fs.existsSync(file)) return undefined;
  const sandbox = { globalThis: {} };
  sandbox.globalThis = sandbox;
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), sandbox);
  const manifest = sandbox.__RSC_MANIFEST?.[entry];
  if (!manifest) return undefined;
  const files = new Set();
  for (const key of Object.keys(manifest.clientModules ?? {})) {
    // "[project]/components/ui/toaster.tsx <module evaluation>" (Turbopack) or "/abs/path/file.tsx#Name" (webpack).
    const source = key
      .replace(/^\[project\]\//, '')
      .replace(/\s*<[^>]*>$/, '')
      .replace(/#.*$/, '')
      .replace(`${process.cwd()}/`, '');
    if (!source.includes('node_modules')) files.add(source);
  }
  return [...files].sort();
}

await assertPortFree(PORT);
const startMachine = machine();
const executablePath = chromePath();
const server = await startServer({ port: PORT, dataDir: DATA_DIR, beforeStart: (env) => createStaff(env, STAFF) });
let browser;
try {
  const base = `http://127.0.0.1:${PORT}`;
  const cookie = await staffCookie(base, STAFF);
  // Warm-up: server caches, PGlite pages.
  for (const [p] of PAGES) await (await fetch(`${base}${p}`, { headers: { cookie: `staff_token=${cookie.value}` } })).arrayBuffer();
  browser = await chromium.launch({ executablePath, args: CHROME_FLAGS });

  const results = {};
  for (const [p, entry] of PAGES)
    results[p] = {
      kind: kind(p),
      route: entry.replace(/\/page$/, '') || '/',
      ...(await measureScripts(browser, `${base}${p}`, p === FLOOR ? [] : [cookie])),
      client_components: clientComponents(entry),
    };
  await assertServerAlive(PORT);
  const floor = results[FLOOR];
  if (floor.final_path !== FLOOR || floor.status !== 200) throw new Error(`bench: the floor page ${FLOOR} answered ${floor.status}`);
  const floorFiles = new Set(floor.files.map((f) => f.url));
  const floorComponents = new Set(floor.client_components ?? []);
  for (const [p, r] of Object.entries(results)) {
    r.gzip_kb = +(r.gzip_bytes / KB).toFixed(1);
    r.beyond_floor = r.files
      .filter((f) => !floorFiles.has(f.url))
      .map(({ url: u, gzip_bytes: g }) => ({ url: u, gzip_kb: +(g / KB).toFixed(1) }));
    r.components_beyond_floor = r.client_components?.filter((c) => !floorComponents.has(c));
    // A page that ended elsewhere (the sign-in form, the dashboard with a refusal) measured that page, not this one.
    r.measured_itself = r.status === 200 && new URL(r.final_path, 'http://x').pathname === new URL(p, 'http://x').pathname;
    r.above_floor_kb = +((r.gzip_bytes - floor.gzip_bytes) / KB).toFixed(1);
    if (r.kind !== 'floor') {
      r.target_above_floor_kb = TARGETS[r.kind];
      r.within_target = r.measured_itself && r.above_floor_kb <= TARGETS[r.kind];
    }
  }

  writeResult('console-js', {
    bench: 'console-js',
    at: new Date().toISOString(),
    machine: { ...startMachine, chromium: browser.version() },
    method: {
      scripts: "responses of resourceType 'script' until load + 2 s without a new script request",
      compression: 'gzip level 9 (zlib), summed per file',
      unit: 'KB = 1024 bytes',
      context: 'Playwright Pixel 7 (mobile viewport), fresh cache per page, signed in as a staff admin',
      floor: FLOOR,
      client_components: 'client reference manifest of the route (its layouts and page)',
    },
    targets_above_floor_kb: TARGETS,
    results,
  });

  const width = Math.max(...PAGES.map(([p]) => p.length + 2));
  console.log(
    `Console JS (gzip -9) — floor ${FLOOR}; targets: plain-form pages ≤ ${TARGETS.forms} KB, the import page ≤ ${TARGETS.upload} KB above the floor`,
  );
  console.log(
    `${'page'.padEnd(width)}${'scripts'.padStart(7)} ${'gzip KB'.padStart(8)} ${'above floor'.padStart(12)}  ${'target'.padStart(7)}`,
  );
  for (const [p, r] of Object.entries(results)) {
    const target = r.kind === 'floor' ? '(floor)' : `≤ ${r.target_above_floor_kb}`;
    const above = r.kind === 'floor' ? '—' : `${r.above_floor_kb >= 0 ? '+' : ''}${r.above_floor_kb.toFixed(1)}`;
    console.log(
      `${p.padEnd(width)}${String(r.scripts).padStart(7)} ${r.gzip_kb.toFixed(1).padStart(8)} ${above.padStart(12)}  ${target.padStart(7)}`,
    );
  }
  let failed = 0;
  for (const [p, r] of Object.entries(results)) {
    if (r.kind === 'floor') continue;
    const verdict = !r.measured_itself
      ? `FAIL (not measured: ended at ${r.final_path}, HTTP ${r.status})`
      : r.within_target
        ? 'PASS'
        : 'FAIL';
    if (verdict !== 'PASS') failed += 1;
    const components = r.components_beyond_floor === undefined ? '(no manifest)' : r.components_beyond_floor.join(', ') || 'none';
    console.log(
      `${p}: ${r.above_floor_kb >= 0 ? '+' : ''}${r.above_floor_kb.toFixed(1)} KB (target ≤ ${r.target_above_floor_kb} KB) — ${verdict}; client components beyond the floor: ${components}`,
    );
    for (const f of r.beyond_floor) console.log(`  ${f.gzip_kb.toFixed(1).padStart(6)} KB  ${f.url}`);
  }
  console.log(failed ? `${failed} page(s) over their target` : 'every console page within its target');
} catch (err) {
  await explainFailure(err, PORT);
} finally {
  if (browser) await browser.close();
  await stopServer(server);
}
