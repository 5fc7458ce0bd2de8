import { expect, test, ONE_PHONE_ONLY } from './helpers/test';
import { sigHeader } from './helpers/sig';
import { agreedVersions } from './helpers/consent';

test.describe('the /m shell on a phone', () => {
  // Inside the messaging app home forces sign-in (docs/accounts.md "Access table"): sign in as a guest first, sharing the page's cookies.
  test.beforeEach(async ({ page }, info) => {
    if (info.project.name !== 'wechat') return;
    const res = await page.request.post('/v1/tourist/login', {
      headers: sigHeader(),
      data: { device_id: `e2e-shell-${info.workerIndex}-${Date.now()}`, agreements: await agreedVersions(page.request) },
    });
    expect(res.ok()).toBe(true);
  });

  test('home lists novels from the database with covers and the tab bar', async ({ page }) => {
    await page.goto('/m');
    // The 男生 channel's carousel (docs/catalogue.md "Lists and home layouts") opens a novel's page.
    const banner = page.locator('.carousel-item').first();
    await expect(banner).toHaveAttribute('href', /^\/m\/novels\/\d+$/);
    await expect(page.locator('.novel-card').first()).toBeVisible();
    const cover = page.locator('.novel-card img').first();
    await expect(cover).toHaveAttribute('src', /^\/covers\/\d+\.webp$/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(192);
    // The banner's art too is a WebP, drawn at the carousel's full 750 px.
    await expect.poll(() => banner.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(750);
    const tabs = page.getByRole('navigation', { name: '主导航' }).getByRole('link');
    await expect(tabs).toHaveText(['首页', '书库', '书架', '我的']);
    await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
  });

  test('fits the phone: no sideways scroll, touch targets at least 44 px', async ({ page }) => {
    await page.goto('/m');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const small = await page.evaluate(
      () =>
        [...document.querySelectorAll('a, button')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.height < 44 || r.width < 44)).length,
    );
    expect(small).toBe(0);
  });

  test('Uyghur novels are laid out right-to-left', ONE_PHONE_ONLY, async ({ page }) => {
    await page.goto('/m?lang=0');
    const body = page.locator('.novel-card-body').first();
    await expect(body).toHaveAttribute('dir', 'rtl');
    await expect(body).toHaveAttribute('lang', 'ug');
  });

  test(
    'a location change scrolls to top and records a page view; back returns to where the reader was',
    ONE_PHONE_ONLY,
    async ({ page }) => {
      // The first page view is sent once the shell has hydrated: from then on links navigate client-side.
      const firstView = page.waitForRequest((r) => r.url().endsWith('/v1/logs/page_views'));
      await page.goto('/m');
      expect((await firstView).postDataJSON()).toMatchObject({ path: '/m' });
      const card = page.locator('.novel-card a').nth(8);
      await card.scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => window.scrollY);
      expect(before).toBeGreaterThan(200);
      const pageView = page.waitForRequest(
        (r) => r.url().endsWith('/v1/logs/page_views') && (r.postDataJSON() as { path: string }).path.startsWith('/m/novels/'),
      );
      await card.click();
      const body = (await pageView).postDataJSON() as { path: string; previous_path: string; previous_duration_ms: number };
      expect(body.previous_path).toBe('/m');
      expect(body.previous_duration_ms).toBeGreaterThan(0);
      await expect(page).toHaveURL(/\/m\/novels\/\d+$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      // Back is not a new visit: the reader returns to the same spot on the list.
      await page.goBack();
      await expect(page).toHaveURL(/\/m$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
    },
  );

  test('unknown reader paths answer the not-found page with 404; other unknown paths redirect to /m', ONE_PHONE_ONLY, async ({ page }) => {
    for (const path of ['/m/no-such-page', '/m/novels/1/nothing', '/m/mall']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText('页面不存在').first()).toBeVisible();
      // Inside the shell: the tab bar and a way home take the reader on.
      await expect(page.getByRole('link', { name: '书架' })).toBeVisible();
      await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
    }
    for (const path of ['/somewhere/else', '/']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/m$/);
    }
  });

  test('the static FAQ page renders inside the shell', ONE_PHONE_ONLY, async ({ page }) => {
    await page.goto('/m/questions');
    await expect(page.getByRole('heading', { name: '常见问题' })).toBeVisible();
    await expect(page.getByText('充值后可以退款吗？')).toBeVisible();
  });
});

test.describe('the API from a browser', () => {
  test.beforeEach(({}, info) => test.skip(info.project.name !== 'pixel-7', 'plain HTTP requests: one project is enough'));
  test('an unknown /v1 path answers a 404 envelope, not a redirect', async ({ request }) => {
    const res = await request.get('/v1/no/such/route', { maxRedirects: 0 });
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ code: 40400, message: '接口不存在' });
  });

  test('GET /v1/novels/{nid} answers the demo data and refuses bad ids', async ({ request }) => {
    const ok = await request.get('/v1/novels/2');
    expect((await ok.json()).data).toMatchObject({ id: 2, article_count: 3000, status: 1 });
    for (const bad of ['abc', '-1', '99999999999']) {
      const res = await request.get(`/v1/novels/${bad}`);
      expect(res.status()).toBe(400);
      expect((await res.json()).code).toBe(40000);
    }
    const off = await request.get('/v1/novels/5');
    expect((await off.json()).code).toBe(90401);
  });

  test('health reports the seeded PGlite database', async ({ request }) => {
    const res = await request.get('/v1/health');
    expect((await res.json()).data).toMatchObject({ status: 'ok', database: { driver: 'pglite', ok: true } });
  });
});
