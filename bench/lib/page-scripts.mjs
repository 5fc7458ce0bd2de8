// The first-load JavaScript of one page in headless Chromium (bench/first-load-js.mjs, bench/console-js.mjs): every
// script response in a fresh Pixel 7 context (an empty cache) until the load event and then 2 s without a new script
// request, each body gzipped at level 9. Inline scripts (the RSC payload in the HTML) are part of the document.
import zlib from 'node:zlib';
import { devices } from '@playwright/test';

const IDLE_MS = 2000;
const MAX_SETTLE_MS = 15_000;

async function refetch(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`refetch answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * Opens `url` and returns its status, the path it ended on and its scripts (largest first). `cookies` are added
 * first: a cookie without `domain` is set for the URL's origin.
 */
export async function measureScripts(browser, url, cookies = []) {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  if (cookies.length) await context.addCookies(cookies.map((c) => (c.domain ? c : { ...c, url: new URL(url).origin })));
  const page = await context.newPage();
  const scripts = new Map(); // url → promise of { status, body | error }
  let collecting = true;
  let lastScriptAt = Date.now();
  page.on('request', (req) => {
    if (collecting && req.resourceType() === 'script') lastScriptAt = Date.now();
  });
  page.on('response', (res) => {
    if (!collecting || res.request().resourceType() !== 'script' || scripts.has(res.url())) return;
    // Read the body at once: a page that navigates (a redirect from the client) discards it. Should the browser
    // no longer have it, the same URL is fetched again (Next's chunks are immutable).
    scripts.set(
      res.url(),
      res
        .body()
        .catch(() => refetch(res.url()))
        .then(
          (body) => ({ status: res.status(), body }),
          (err) => ({ status: res.status(), error: String(err?.message ?? err) }),
        ),
    );
  });
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const loadedAt = Date.now();
    lastScriptAt = Math.max(lastScriptAt, loadedAt);
    while (Date.now() - lastScriptAt < IDLE_MS && Date.now() - loadedAt < MAX_SETTLE_MS) await page.waitForTimeout(200);
    collecting = false;

    const files = [];
    for (const [scriptUrl, pending] of scripts) {
      const { status, body, error } = await pending;
      if (!body) files.push({ url: scriptUrl, status, error });
      else files.push({ url: scriptUrl, status, raw_bytes: body.length, gzip_bytes: zlib.gzipSync(body, { level: 9 }).length });
    }
    const failed = files.filter((f) => f.error);
    if (failed.length) throw new Error(`bench: could not read ${failed.length} script(s) of ${url}: ${failed[0].url}: ${failed[0].error}`);
    files.sort((a, b) => (b.gzip_bytes ?? 0) - (a.gzip_bytes ?? 0));
    const finalUrl = new URL(page.url());
    return {
      status: response?.status(),
      final_path: finalUrl.pathname + finalUrl.search,
      scripts: files.length,
      raw_bytes: files.reduce((s, f) => s + (f.raw_bytes ?? 0), 0),
      gzip_bytes: files.reduce((s, f) => s + (f.gzip_bytes ?? 0), 0),
      files: files.map((f) => ({ ...f, url: f.url.replace(/^https?:\/\/[^/]+/, '') })),
    };
  } finally {
    await context.close();
  }
}
