import { expect, test, onOnePhone } from './helpers/test';

test.describe('discovery', () => {
  // Inside the messaging app these pages only add a sign-in first (docs/accounts.md "Access table"), covered elsewhere.
  test.beforeEach(({}, info) => onOnePhone(info));

  test('home → category → novel → catalogue → chapter link', async ({ page }) => {
    await page.goto('/m');
    await expect(page.getByRole('navigation', { name: '频道' }).getByRole('link', { name: '男生' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const category = page.locator('.chip-wrap a').first();
    const categoryName = (await category.textContent())!;
    await category.click();
    await expect(page).toHaveURL(/\/m\/library\?lang=1&category=\d+/);
    // The filters are folded (docs/catalogue.md "Categories, library and rankings"); their summary names the category.
    await expect(page.locator('.filter-active')).toContainText(categoryName);
    const firstNovel = page.locator('.novel-card a').first();
    await firstNovel.click();
    await expect(page).toHaveURL(/\/m\/novels\/\d+$/);
    await expect(page.getByRole('link', { name: '开始阅读' })).toHaveAttribute('href', /\/m\/read\/\d+\?nid=\d+/);
    await page.getByRole('link', { name: '更多' }).first().click();
    await expect(page).toHaveURL(/\/chapters$/);
    await expect(page.locator('.chapter-list a').first()).toHaveAttribute('href', /\/m\/read\/\d+\?nid=\d+/);
  });

  test('the 3,000-chapter catalogue jumps straight to a chapter', async ({ page }) => {
    await page.goto('/m/novels/2/chapters');
    await expect(page.locator('.chapter-list li')).toHaveCount(100);
    await page.getByLabel('跳到第几章').fill('2950');
    await page.getByRole('button', { name: '跳转' }).click();
    await expect(page).toHaveURL(/start=2900&order=asc/);
    await expect(page.locator('#c2950')).toBeInViewport();
    await page.getByRole('button', { name: '倒序' }).click();
    await expect(page.locator('.chapter-list li').first()).toHaveAttribute('id', 'c3000');
    // The view is in the URL: a reload lands on the same page.
    await page.reload();
    await expect(page.locator('.chapter-list li').first()).toHaveAttribute('id', 'c3000');
  });

  test('search needs a keyword, then highlights it in the results', async ({ page }) => {
    await page.goto('/m/search');
    await expect(page.getByRole('heading', { name: '热门搜索' })).toBeVisible();
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByRole('status').filter({ hasText: '请输入搜索关键词' })).toBeVisible();
    await page.getByLabel('搜索关键词').fill('大唐');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/keyword=%E5%A4%A7%E5%94%90/);
    await expect(page.getByRole('heading', { name: /找到 \d+ 本相关作品/ })).toBeVisible();
    await expect(page.locator('.novel-title mark').first()).toHaveText('大唐');
  });

  test('ranks have a tab per ranking and pages with "more"', async ({ page }) => {
    await page.goto('/m/ranks');
    const tabs = page.getByRole('navigation', { name: '榜单' }).getByRole('link');
    await expect(tabs).toHaveText(['人气榜', '畅销榜', '月销榜', '月票榜', '新书榜', '完结榜', '收藏榜', '打赏榜']);
    // Each ranking says what it counts (docs/rankings.md); 完结榜 keeps every finished novel, so it has pages.
    await expect(page.getByTestId('rank-basis')).toHaveText('近30日读者数 · 每10分钟更新');
    await tabs.filter({ hasText: '完结榜' }).click();
    await expect(page.getByTestId('rank-basis')).toHaveText('完结作品 · 按近30日读者数 · 每10分钟更新');
    await expect(page.locator('.novel-card')).toHaveCount(20);
    await page.getByRole('button', { name: '加载更多' }).click();
    await expect(page.locator('.novel-card')).toHaveCount(40);
    await expect(page.locator('.rank').nth(20)).toHaveText('21');
  });

  test('a missing novel shows the not-found page; an off-shelf one goes to /off', async ({ page }) => {
    const missing = await page.goto('/m/novels/99999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '这本书不存在' })).toBeVisible();
    await page.goto('/m/novels/5');
    await expect(page).toHaveURL(/\/m\/novels\/5\/off$/);
    await expect(page.getByRole('heading', { name: '作品已下架' })).toBeVisible();
  });

  test('the Tibetan novel says listening is not available', async ({ page }) => {
    await page.goto('/m/novels/4');
    await expect(page.getByText('本书暂不支持听书')).toBeVisible();
    await expect(page.getByRole('link', { name: '听书' })).toHaveCount(0);
  });
});

test.describe('what crawlers and share previews get', () => {
  // A crawler's user agent: in the messaging-app project the default one would be sent to sign in.
  test.use({ extraHTTPHeaders: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } });
  test.beforeEach(({}, info) =>
    test.skip(info.project.name !== 'pixel-7', 'plain HTTP requests with a crawler’s agent: one project is enough'),
  );

  test('novel 1 carries Open Graph, Twitter and JSON-LD Book and BreadcrumbList in its HTML', async ({ request }) => {
    const html = await (await request.get('/m/novels/1')).text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    // A PNG card, which share previews show (docs/sharing.md "Preview images"); e2e/share.spec.ts checks its size.
    expect(html).toMatch(/<meta property="og:image" content="http[^"]*\/covers\/share\/novel-1-wide\.png\?v=[^"]+"/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
    expect(html).toMatch(/<link rel="canonical" href="http[^"]*\/m\/novels\/1"/);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const book = blocks.find((b) => b['@type'] === 'Book');
    expect(book).toMatchObject({
      name: expect.any(String),
      author: { '@type': 'Person' },
      genre: expect.any(String),
      wordCount: expect.any(Number),
    });
    expect(blocks.find((b) => b['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(3);
  });

  test('robots.txt and the split sitemap list the novels', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
    const index = await (await request.get('/sitemap.xml')).text();
    expect(index).toContain('/sitemaps/pages.xml');
    expect(index).toContain('/sitemaps/novels-0.xml');
    const novels = await (await request.get('/sitemaps/novels-0.xml')).text();
    expect(novels).toContain('/m/novels/1</loc>');
    expect(novels).not.toContain('/m/novels/5</loc>');
    expect((await request.get('/sitemaps/novels-9.xml')).status()).toBe(404);
  });

  test('Uyghur content is marked right-to-left with its language', async ({ request }) => {
    const html = await (await request.get('/m/novels/3')).text();
    expect(html).toMatch(/<h1 class="novel-hero-title" lang="ug" dir="rtl">/);
  });
});
