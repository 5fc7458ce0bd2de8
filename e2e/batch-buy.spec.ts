import path from 'node:path';
import { expect, test, type Page, type TestInfo, onOnePhone } from './helpers/test';
import { freshPhone, productNamed, signInByPhone } from './helpers/wallet';
import { sigHeader } from './helpers/sig';
import type { CatalogPage } from '@/lib/shared/dto/catalog';

// 批量购买 (docs/wallet.md "Batch buying"): a member who owns one of the next ten chapters buys 后10章 from the paywall,
// pays exactly the nine others, and reads on. Screens at 360 and 390 px are written to docs/screens/pixel-7/ with
// SCREENS=1 (docs/screens/README.md); without it, to the test's output folder.

test.beforeEach(({}, info) => onOnePhone(info));

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const dir = process.env.SCREENS ? path.join(__dirname, '..', 'docs', 'screens', info.project.name) : info.outputPath();
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), animations: 'disabled', caret: 'hide', scale: 'css' });
  }
}

const funds = async (page: Page) => {
  const b = (await (await page.request.get('/v1/my/balance')).json()).data as { welth: number; welth_coupon: number };
  return b.welth + b.welth_coupon;
};

test('后10章 with one chapter owned: charges the nine others exactly and the chapter opens', async ({ page }, info) => {
  test.setTimeout(90_000);
  await signInByPhone(page, freshPhone(info.workerIndex * 10 + 7));
  const product = await productNamed(page, 'recharge', '600书币');
  const created = await page.request.post('/orders/create', { form: { pid: String(product.id), return: '/m/my' }, maxRedirects: 0 });
  const orderPath = new URL(created.headers().location!, 'http://x').pathname;
  expect((await page.request.post(`${orderPath}/approve`, { maxRedirects: 0 })).status()).toBe(303);

  // Chapters 31–40 of novel 1 (all paid); the third is bought first, one by one.
  const ten = ((await (await page.request.get('/v1/novels/1/catalog?start=30&limit=10')).json()).data as CatalogPage).data.slice(0, 10);
  expect(ten.every((c) => !c.is_free)).toBe(true);
  const one = await page.request.post('/v1/novels/1/buy', { headers: sigHeader(), data: { aid: ten[2]!.id } });
  expect(one.ok()).toBe(true);
  const due = ten.filter((_, i) => i !== 2).reduce((s, c) => s + c.price, 0);
  const before = await funds(page);

  await page.goto(`/m/read/${ten[0]!.id}?nid=1`);
  await expect(page.getByRole('heading', { name: '本章为付费章节' })).toBeVisible();
  await page.getByRole('button', { name: '批量购买' }).click();
  const sheet = page.getByRole('dialog', { name: '批量购买' });
  await expect(sheet.getByRole('radio', { name: /后10章/ })).toContainText(`9章 · ${due} 书币`);
  await shot(page, info, 'batch-buy-sheet');
  await sheet.getByRole('button', { name: `购买 9 章（${due}书币）` }).click();

  await expect(sheet).toBeHidden();
  await expect(page.locator('.chapter-body p').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '本章为付费章节' })).toHaveCount(0);
  expect(await funds(page)).toBe(before - due);
  const owned = (await (await page.request.get('/v1/novels/1/owned')).json()).data as { chapter_ids: number[] };
  expect(owned.chapter_ids).toEqual(expect.arrayContaining(ten.map((c) => c.id)));

  // The whole book bought (novel 6, 500 coins): its cached page says 已购全本 once it knows who asks.
  expect((await page.request.post('/v1/novels/6/buy_book', { headers: sigHeader(), data: {} })).ok()).toBe(true);
  await page.goto('/m/novels/6');
  await expect(page.getByRole('button', { name: '已购全本' })).toBeDisabled();
  await shot(page, info, 'novel-owned');
});

test('signed out, the paywall itself offers 上一章 and 目录', async ({ page }, info) => {
  await page.goto('/m/read/21?nid=1');
  const nav = page.getByRole('navigation', { name: '返回与目录' });
  await expect(nav.getByRole('link', { name: '上一章' })).toHaveAttribute('href', /\/m\/read\/\d+\?nid=1$/);
  await shot(page, info, 'paywall-signed-out');
  await nav.getByRole('button', { name: '目录' }).click();
  await expect(page.getByRole('dialog', { name: '目录' })).toBeVisible();
});
