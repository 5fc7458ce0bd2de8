import { expect, test, type Page, onOnePhone } from './helpers/test';
import { signInAsGuest } from './helpers/wallet';

const LISTEN_URL = /\/m\/listen\/\d+\?read_type=[12]$/;

/**
 * These journeys end where the player begins: at the listen page's URL. The page itself is the player's
 * (e2e of its own); here any /m/listen/ answer is a stand-in, so following a link shows exactly where it went.
 */
async function standInListenPage(page: Page) {
  await page.route(/\/m\/listen\/\d+/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>listen</title><h1>listen</h1>' }),
  );
}

interface Summary {
  id: number;
  title: string;
  first_article_id: number;
  ctype: number;
  has_tts: boolean;
}

test.describe('listening lists', () => {
  test.beforeEach(({}, info) => onOnePhone(info));
  test("home's audio tab: carousel and lists of listenable novels, each opening its listen page", async ({ page }, info) => {
    await signInAsGuest(page, info, 'listen-home');
    // What the API says first (its connection is fresh now; an idle kept-alive one may be closed by the server later).
    const top = ((await (await page.request.get('/v1/lists/must_listen?gender=1&read_type=2&limit=1')).json()).data.data as Summary[])[0]!;
    await standInListenPage(page);
    await page.goto('/m');
    await page.getByRole('navigation', { name: '频道' }).getByRole('link', { name: '听书' }).click();
    await expect(page).toHaveURL(/\/m\?tab=listen&lang=1$/);
    await expect(page.getByRole('navigation', { name: '频道' }).getByRole('link', { name: '听书' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('region', { name: '听书推荐' }).getByRole('link').first()).toHaveAttribute('href', LISTEN_URL);
    for (const title of ['男生必听', '女生必听', '本周热听', '本周新书', '原创专区', '追更热榜']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    // Every novel on the tab opens a listen page; the first must-listen one is the API's first, with its read_type.
    const novelLinks = page.locator('.listen-card a, .novel-tile a');
    expect(await novelLinks.count()).toBeGreaterThan(10);
    for (const href of await novelLinks.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(href).toMatch(LISTEN_URL);
    expect(top.has_tts).toBe(true);
    const expected = `/m/listen/${top.first_article_id}?read_type=${top.ctype === 2 ? 2 : 1}`;
    const first = page
      .getByRole('heading', { name: '男生必听' })
      .locator('xpath=ancestor::section[1]')
      .locator('.listen-card-link')
      .first();
    await expect(first).toHaveAttribute('href', expected);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${expected.replace(/[?]/g, '\\?')}$`));
  });

  test('/m/listen-ranks asks a visitor to sign in (OAuth inside the messaging app)', async ({ page }, info) => {
    const res = await page.request.get('/m/listen-ranks', { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers().location).toMatch(
      new RegExp(`/m/${info.project.name === 'wechat' ? 'oauth' : 'login'}\\?next=%2Fm%2Flisten-ranks$`),
    );
  });

  test('/m/listen-ranks: a tab per list, "more" pages, and items open the listen page', async ({ page }, info) => {
    await signInAsGuest(page, info, 'listen-ranks');
    const fresh = (await (await page.request.get('/v1/lists/weekly_new?read_type=2')).json()).data.data as Summary[];
    await standInListenPage(page);
    await page.goto('/m/listen-ranks');
    const tabs = page.getByRole('navigation', { name: '听书榜单' }).getByRole('link');
    await expect(tabs).toHaveText(['听书榜', '本周热听', '本周新书', '原创专区', '追更热榜', '必听好书']);
    await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
    // 听书榜 is earned (docs/rankings.md): it lists the novels members listened to in its period, as the API ranks them.
    // Other journeys listen while this one runs, so the ranking may move between the page and the API: the page's
    // novels must be the API's ranked ones (a window wider than one page absorbs a novel moving up or down).
    const ranked = async () =>
      ((await (await page.request.get('/v1/rankings/listen?language_type=1&start=0&limit=40')).json()).data.data as Summary[]).map(
        (n) => n.title,
      );
    const before = await ranked();
    expect(before.length).toBeGreaterThan(0);
    const shown = page.locator('.novel-card .novel-title');
    await expect(shown.first()).toBeVisible();
    const titles = await shown.allTextContents();
    expect(titles.length).toBe(Math.min(20, before.length));
    const known = new Set([...before, ...(await ranked())]);
    for (const title of titles) expect([...known].some((t) => title.endsWith(t))).toBe(true);
    // Paging on 本周热听, which a quiet week still fills from all-time popularity.
    await tabs.filter({ hasText: '本周热听' }).click();
    await expect(page).toHaveURL(/\/m\/listen-ranks\?tab=weekly&lang=1$/);
    await expect(page.locator('.novel-card')).toHaveCount(20);
    await page.getByRole('button', { name: '加载更多' }).click();
    await expect(page.locator('.novel-card')).toHaveCount(40);
    await expect(page.locator('.rank').nth(20)).toHaveText('21');
    for (const href of await page.locator('.novel-card a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(LISTEN_URL);

    await tabs.filter({ hasText: '本周新书' }).click();
    await expect(page).toHaveURL(/\/m\/listen-ranks\?tab=weekly_new&lang=1$/);
    // The import journeys put books on shelf, voiced, while this one runs (e2e/content-import.spec.ts,
    // e2e/import-proof.spec.ts): the list may grow between the API's answer and the page's, never shrink.
    const cards = page.locator('.novel-card');
    await expect(cards.first()).toBeVisible();
    const after = (await (await page.request.get('/v1/lists/weekly_new?read_type=2')).json()).data.data as Summary[];
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(fresh.length);
    expect(count).toBeLessThanOrEqual(after.length);
    const item = page.locator('.novel-card a').first();
    const listenHref = (n: Summary) => `/m/listen/${n.first_article_id}?read_type=${n.ctype === 2 ? 2 : 1}`;
    expect(after.map(listenHref)).toContain(await item.getAttribute('href'));
    await item.click();
    await expect(page).toHaveURL(LISTEN_URL);
  });

  test('Tibetan has nothing to listen to, and says so', async ({ page }, info) => {
    await signInAsGuest(page, info, 'listen-bo');
    await page.goto('/m?tab=listen&lang=2');
    await expect(page.getByText('暂无可收听的书')).toBeVisible();
    await expect(page.locator('.novel-card, .listen-card')).toHaveCount(0);
  });
});
