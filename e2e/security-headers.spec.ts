import { expect, test, type APIResponse, type Page, ONE_PHONE_ONLY } from './helpers/test';
import { productNamed, signInAsGuest } from './helpers/wallet';

// Requests and responses (docs/web-security.md): security headers everywhere, a policy the real pages pass, no
// Set-Cookie on cacheable answers, the Chinese not-found page, and 4xx for malformed percent-escapes.
// One project is enough: headers and the policy do not depend on the phone.
test.beforeEach(({}, info) => test.skip(info.project.name !== 'pixel-7', 'headers are the same for every phone'));

const SHOTS = process.env.SECURITY_SHOTS_DIR ?? '/tmp/shots-headers';

function expectSecurityHeaders(res: APIResponse, what: string) {
  const h = res.headers();
  expect(h['content-security-policy'], what).toContain("frame-ancestors 'none'");
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['referrer-policy'], what).toBeTruthy();
  // The e2e server runs on plain http (SITE_URL unset): no HSTS.
  expect(h['strict-transport-security'], what).toBeUndefined();
}

/** Collects every CSP violation (the event and the console message) from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (line: string) => seen.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (s: string) => void }).__reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return seen;
}

test('every kind of response carries the security headers', async ({ page, request }) => {
  await page.goto('/m/novels/1');
  const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src');
  const paths = [
    '/m',
    '/m/novels/1',
    '/v1/health',
    '/v1/novels/1',
    '/covers/1.svg',
    '/audio/999999/index.m3u8',
    '/robots.txt',
    '/sitemap.xml',
    script!,
  ];
  for (const path of paths) expectSecurityHeaders(await request.get(path), path);
  const page404 = await request.get('/m/read/999999');
  expect(page404.status()).toBe(404);
  expectSecurityHeaders(page404, '/m/read/999999');
  // The bridge keeps its stricter referrer policy: its one-time code must not leak to the next page.
  const bridge = await request.get('/bridge?token=nope&return=%2Fm', { maxRedirects: 0 });
  expect(bridge.headers()['referrer-policy']).toBe('no-referrer');
});

test('the pages load with zero CSP violations: home, novel, reader with its settings script, listen, recharge', async ({ page }, info) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  await signInAsGuest(page, info, 'csp');

  await page.goto('/m');
  await expect(page.locator('.novel-card img').first()).toBeVisible();
  await expect
    .poll(() =>
      page
        .locator('.novel-card img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);

  await page.goto('/m/novels/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The inline settings script must run under the policy: the stored night skin is on <html> before React.
  await page.evaluate(() => localStorage.setItem('settings', JSON.stringify({ state: { skin: 'night', fontSize: 24 }, version: 0 })));
  await page.goto('/m/read/1?nid=1');
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'night');
  await expect(page.locator('.reader-p, p').first()).toBeVisible();

  // Listening: hls.js plays the chapter (MediaSource blob:, segments from this origin).
  await page.goto('/m/listen/1');
  const toggle = page.locator('.listen-play');
  await expect(toggle).toBeVisible();
  await expect(async () => {
    if ((await toggle.getAttribute('aria-label')) === '播放') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-label', '暂停', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect
    .poll(async () => Number(await page.getByRole('slider', { name: '播放进度' }).inputValue()), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);

  // Recharge: the coins page and the sandbox cashier.
  await page.goto('/m/coins');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const pack = await productNamed(page, 'recharge', '3000书币');
  await page.goto(`/recharge/start?return=${encodeURIComponent('/m/my')}`);
  await page.getByTestId(`pack-${pack.id}`).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/\d+$/);
  await expect(page.getByRole('button', { name: /确认支付/ })).toBeVisible();

  expect(violations).toEqual([]);
});

test('cacheable answers carry no Set-Cookie; the browser still gets its tracking and referral cookies', async ({ page, playwright }) => {
  const fresh = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  // The whole cached pages must be cacheable; any other answer that is must not set a cookie either.
  const mustCache = ['/m', '/m?gender=2', '/m/novels/1', '/covers/1.svg', '/covers/1.webp'];
  for (const path of [...mustCache, '/m/novels/2', '/v1/novels/1', '/v1/categories', '/m/search', '/m/library']) {
    const res = await fresh.get(path);
    expect(res.status(), path).toBe(200);
    const cacheable = /public|s-maxage/.test(res.headers()['cache-control'] ?? '');
    if (mustCache.includes(path)) expect(cacheable, path).toBe(true);
    if (cacheable)
      expect(
        res.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie'),
        path,
      ).toEqual([]);
  }
  await fresh.dispose();

  await page.goto('/m/novels/1?referral_link_id=ref-e2e-42');
  await expect
    .poll(async () => (await page.context().cookies()).map((c) => c.name).sort())
    .toEqual(expect.arrayContaining(['ref_link_id', 'zaid']));
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'ref_link_id')?.value).toBe('ref-e2e-42');
  expect(cookies.find((c) => c.name === 'zaid')?.value).toMatch(/^[\w-]{10,}$/);
});

const MISSING = [
  '/m/read/999999',
  '/m/authors/999999',
  '/m/booklists/999999',
  '/m/novels/999999/chapters',
  '/m/show/999999',
  '/pay/sandbox/999999',
];

test('missing pages answer 404 with the Chinese not-found page and a way home', async ({ page, request }, info) => {
  for (const path of MISSING) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    const html = await res.text();
    expect(html, path).toMatch(/不存在/);
    expect(html, path).not.toContain('This page could not be found');
  }
  await page.goto('/m/authors/999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
  const home = page.getByRole('link', { name: '返回首页' });
  const box = (await home.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-not-found-m.png`, fullPage: true });
  await page.goto('/pay/sandbox/999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-not-found-flows.png`, fullPage: true });
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/m$/);
});

test('malformed percent-escapes answer 4xx, never 5xx', ONE_PHONE_ONLY, async ({ request }) => {
  // plain HTTP requests: one project is enough
  const pages = ['/m/novels/%FF', '/m/read/%E0%A4%A', '/m/%FF', '/pay/sandbox/%FF', '/m/authors/%C0%AF'];
  for (const path of pages) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeGreaterThanOrEqual(400);
    expect(res.status(), path).toBeLessThan(500);
    expect(await res.text(), path).toContain('页面不存在');
  }
  const files = ['/covers/%FF.svg', '/sitemaps/%FF', '/audio/%FF/index.m3u8', '/audio/%FF/%FF', '/v1/novels/%FF', '/v1/%E0%A4%A'];
  for (const path of files) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeGreaterThanOrEqual(400);
    expect(res.status(), path).toBeLessThan(500);
  }
  for (const path of ['/audio/%FF/index.m3u8', '/v1/novels/%FF', '/v1/%E0%A4%A']) {
    const body = (await (await request.get(path)).json()) as { code: number; message: string };
    expect([40000, 40400], path).toContain(body.code);
    expect(body.message, path).toMatch(/[\u4e00-\u9fff]/);
  }
});
