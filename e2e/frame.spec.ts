import { expect, test, type Page, NOT_IN_MESSAGING_APP, ONE_PHONE_ONLY } from './helpers/test';
import { signInAsGuest } from './helpers/wallet';

// docs/shell.md "Back-and-title bar", "Links that go nowhere" and "Bidi and languages".

/** Each secondary page with the parent its back goes to when the tab has no earlier page of the site. */
const PAGES: Array<[path: string, parent: string | RegExp]> = [
  ['/m/novels/1', '/m'],
  ['/m/novels/1/chapters', '/m/novels/1'],
  ['/m/novels/1/rewards', '/m/novels/1'],
  ['/m/competitions/1', '/m/ranks'],
  ['/m/authors/1', '/m'],
  ['/m/booklists/1', '/m/lists'],
  ['/m/lists', '/m'],
  ['/m/search', '/m'],
  ['/m/questions', '/m/my'],
  ['/m/vip', '/m/my'],
  ['/m/coins', '/m/my'],
  ['/m/expenses', '/m/my'],
  ['/m/vouchers', '/m/my'],
  ['/m/events', '/m/my'],
  ['/m/mall/coupons', '/m/my'],
  ['/m/mall/prizes', '/m/my'],
  ['/m/gamelogs', '/m/my'],
  ['/mall/prize_wheel?v=2', '/m/events'],
  ['/m/readlogs', '/m/shelf'],
  ['/recharge/start?return=%2Fm%2Fmy', '/m/my'],
];

const backLink = (page: Page) => page.locator('.page-bar').getByRole('link', { name: '返回' });

// The same frame as on Pixel 7; the messaging app differs only in signing in.
test.describe('the navigation frame', NOT_IN_MESSAGING_APP, () => {
  test.beforeEach(async ({ page }, info) => {
    await signInAsGuest(page, info, 'frame');
  });

  // On the narrowest phone we lay out for (360 px, docs/shell.md): a bar that centres its title and keeps a 44 px
  // back there does on the wider ones; where back goes does not depend on the phone.
  test(
    'every secondary page has the bar: a 44 px back named 返回, a centred title, back to the parent when opened directly',
    ONE_PHONE_ONLY,
    async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 360, height: 640 });
      for (const [path, parent] of PAGES) {
        await page.goto(path);
        const bar = page.locator('.page-bar');
        await expect(bar, path).toHaveCount(1);
        const back = backLink(page);
        const box = (await back.boundingBox())!;
        expect(box.width, path).toBeGreaterThanOrEqual(44);
        expect(box.height, path).toBeGreaterThanOrEqual(44);
        const title = (await bar.locator('.page-bar-title').boundingBox())!;
        const barBox = (await bar.boundingBox())!;
        // Centred: the title's middle within a few pixels of the bar's.
        expect(Math.abs(title.x + title.width / 2 - (barBox.x + barBox.width / 2)), path).toBeLessThan(4);
        await back.click();
        await expect(page, `${path} → ${parent}`).toHaveURL(
          (url) => `${url.pathname}${url.search}` === parent || (parent instanceof RegExp && parent.test(url.href)),
        );
      }
    },
  );

  test('back steps to the page the reader came from when it was ours', ONE_PHONE_ONLY, async ({ page }) => {
    await page.goto('/m/search?keyword=%E5%A4%A7%E5%94%90');
    await page.locator('.novel-card a').first().click();
    await expect(page).toHaveURL(/\/m\/novels\/\d+$/);
    await backLink(page).click();
    await expect(page).toHaveURL(/\/m\/search\?keyword=/);
    // On the first page of the tab there is nothing behind it: back goes to the parent, not out of the site.
    await backLink(page).click();
    await expect(page).toHaveURL(/\/m$/);
  });

  test('unknown ids show the Chinese not-found page with status 404 and a way back', ONE_PHONE_ONLY, async ({ page }) => {
    for (const path of ['/m/novels/999999', '/m/authors/999999', '/m/booklists/999999', '/m/read/999999', '/m/listen/999999']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(/不存在/);
      await expect(page.getByRole('link', { name: '返回首页' }), path).toHaveAttribute('href', '/m');
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('no link on the main pages silently lands on home', ONE_PHONE_ONLY, async ({ page }) => {
    test.setTimeout(180_000);
    const starts = ['/m', '/m/my', '/m/library', '/m/shelf', '/m/lists', '/m/ranks', '/m/free', '/m/novels/1', '/m/novels/3'];
    starts.push('/m/authors/1', '/m/booklists/1', '/m/vip', '/m/coins', '/m/search?keyword=%E7%9A%84', '/m/novels/1/end');
    const seen = new Set<string>();
    const landsHome: string[] = [];
    for (const start of starts) {
      await page.goto(start);
      const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
      const fresh: URL[] = [];
      for (const href of hrefs) {
        const url = new URL(href);
        if (url.origin !== new URL(page.url()).origin) continue;
        // One link per shape (ids as #) is enough: /m/novels/1 and /m/novels/2 go through the same route.
        const shape = `${url.pathname.replace(/\d+/g, '#')}?${[...url.searchParams.keys()].sort().join('&')}`;
        if (seen.has(shape)) continue;
        seen.add(shape);
        const isHomeLink = url.pathname === '/m' || url.pathname === '/m/';
        if (!isHomeLink) fresh.push(url);
      }
      // The page's new links are asked at once, as a browser prefetching them would.
      await Promise.all(
        fresh.map(async (url) => {
          // One retry: on a machine shared with other builds a connection is now and then reset mid-crawl.
          const fetchOnce = () => page.request.get(url.pathname + url.search, { maxRedirects: 0 });
          const res = await fetchOnce().catch(fetchOnce);
          const location = res.headers()['location'] ?? '';
          const to = location ? new URL(location, url).pathname : '';
          if (res.status() >= 300 && res.status() < 400 && (to === '/m' || to === '/m/'))
            landsHome.push(`${start} → ${url.pathname}${url.search}`);
        }),
      );
    }
    expect(landsHome).toEqual([]);
    expect(seen.size).toBeGreaterThan(30);
  });

  test('the library shows books on the first screen of a 360×640 phone; 筛选 unfolds the filters', ONE_PHONE_ONLY, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/m/library');
    const firstCard = page.locator('.novel-card').first();
    await expect(firstCard).toBeVisible();
    const box = (await firstCard.boundingBox())!;
    expect(box.y + 80).toBeLessThan(640 - 56);
    const chips = page.getByRole('group', { name: '筛选条件' });
    await expect(chips).toBeHidden();
    await expect(page.locator('.filter-active')).toContainText('人气');
    await page.getByText('筛选', { exact: true }).click();
    await expect(chips).toBeVisible();
    await chips.getByRole('link', { name: '已完结' }).click();
    await expect(page).toHaveURL(/status=1/);
    await expect(page.locator('.filter-active')).toContainText('已完结');
  });

  test('search finds a Uyghur book from the Chinese page by the script of the keyword', async ({ page }) => {
    await page.goto('/m/search?lang=1');
    await page.getByRole('searchbox', { name: '搜索关键词' }).fill('قەشقەر');
    const clear = page.getByRole('button', { name: '清除' });
    const box = (await clear.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.getByRole('heading', { name: /找到 [1-9]\d* 本相关作品/ })).toBeVisible();
    await expect(page.locator('.novel-card-body').first()).toHaveAttribute('lang', 'ug');
  });

  test('a Uyghur chapter title in the 最新 line is isolated, so the date stays after it', async ({ page }) => {
    await page.goto('/m/novels/3');
    const latest = page.locator('.latest');
    await expect(latest.locator('bdi')).toHaveAttribute('lang', 'ug');
    const [title, date] = await Promise.all([latest.locator('bdi').boundingBox(), latest.locator('.muted').boundingBox()]);
    expect(date!.x).toBeGreaterThanOrEqual(title!.x + title!.width - 1);
  });
});
