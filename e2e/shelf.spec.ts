import { expect, test, type Page, ONE_PHONE_ONLY } from './helpers/test';
import { signInAsGuest } from './helpers/wallet';
import { sigHeader } from './helpers/sig';

// Tap only once React has attached to the element (server-rendered buttons exist before they work).
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => Object.keys(document.querySelector(s) ?? {}).some((k) => k.startsWith('__react')), selector);

async function chapterId(page: Page, novelId: number, idx: number): Promise<number> {
  const res = await page.request.get(`/v1/novels/${novelId}/catalog?start=0&limit=20`);
  const chapters = (await res.json()).data.data as Array<{ id: number; idx: number }>;
  return chapters.find((c) => c.idx === idx)!.id;
}

test('shelf, history, continue reading and /m/show for a signed-in reader', ONE_PHONE_ONLY, async ({ page }, info) => {
  // A guest session: the cookies land in the page's context.
  await signInAsGuest(page, info, 'shelf');

  await page.goto('/m/novels/1');
  await expect(page.getByRole('link', { name: '开始阅读' })).toHaveAttribute('href', /^\/m\/read\/\d+\?nid=1$/);
  await hydrated(page, '.novel-action-bar button');
  await page.getByRole('button', { name: '加入书架' }).click();
  await expect(page.getByRole('button', { name: '已在书架' })).toBeVisible();

  // The reader records positions through the API; here the test does it for chapter 7, paragraph 3.
  const c7 = await chapterId(page, 1, 7);
  const posted = await page.request.post('/v1/my/readlogs', { headers: sigHeader(), data: { article_id: c7, read_type: 1, idx: 3 } });
  expect((await posted.json()).code).toBe(0);

  // /m/show/1 opens the novel at that chapter and paragraph.
  const show = await page.request.get('/m/show/1', { maxRedirects: 0 });
  expect(show.status()).toBe(307);
  expect(show.headers().location).toMatch(new RegExp(`/m/read/${c7}\\?nid=1#p3$`));

  // The novel page's main button continues there.
  await page.reload();
  await expect(page.getByRole('link', { name: '继续阅读 第7章' })).toHaveAttribute('href', `/m/read/${c7}?nid=1#p3`);
  await expect(page.getByRole('button', { name: '已在书架' })).toBeDisabled();

  await page.goto('/m/shelf');
  const row = page.locator('.shelf-row').filter({ hasText: /读到：第7章/ });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link')).toHaveAttribute('href', `/m/read/${c7}?nid=1#p3`);

  await page.goto('/m/readlogs');
  await expect(page.locator('.shelf-row').first()).toContainText('读到：第7章');

  // Edit mode on the shelf: select the novel, confirm, and it is gone; the history keeps it.
  await page.goto('/m/shelf');
  await hydrated(page, '.list-toolbar .link-button');
  await page.getByRole('button', { name: '编辑' }).click();
  await page.locator('.shelf-row label').first().click();
  await page.getByRole('button', { name: '删除(1)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('书架还是空的，去挑几本好书吧')).toBeVisible();
  await page.reload();
  await expect(page.getByText('书架还是空的，去挑几本好书吧')).toBeVisible();

  await page.goto('/m/readlogs');
  await expect(page.locator('.shelf-row')).toHaveCount(1);

  // Home offers to continue the newest read.
  await page.goto('/m');
  await expect(page.getByRole('link', { name: /继续阅读《.+》/ })).toHaveAttribute('href', `/m/read/${c7}?nid=1#p3`);

  // And /m/show/1 lands in the reader on that chapter.
  await page.goto('/m/show/1');
  await expect(page).toHaveURL(new RegExp(`/m/read/${c7}\\?nid=1#p3$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^第7章/);
});

test("a reader who is not signed in continues from this browser's history", ONE_PHONE_ONLY, async ({ page }) => {
  const c4 = await chapterId(page, 1, 4);
  await page.goto('/m/questions');
  await page.evaluate((aid) => {
    localStorage.setItem(
      'reader.history',
      JSON.stringify([{ nid: 1, aid, idx: 2, article_idx: 4, title: '本地', article: '第4章', thumb: '', readAt: Date.now() }]),
    );
  }, c4);
  await page.goto('/m/novels/1');
  await expect(page.getByRole('link', { name: '继续阅读 第4章' })).toHaveAttribute('href', `/m/read/${c4}?nid=1#p2`);
  // /m/show without a session starts at chapter 1.
  const show = await page.request.get('/m/show/1', { maxRedirects: 0 });
  expect(show.headers().location).toMatch(new RegExp(`/m/read/${await chapterId(page, 1, 1)}\\?nid=1$`));
});
