import { expect, type Browser, type Page, type TestInfo } from './test';
import { newPhonePage } from './phone-context';
import { expectSandboxPage, freshPhone, signInByPhone } from './wallet';

// Steps the console journeys share (docs/console.md, docs/content.md "Editing"): signing in as staff, pricing a novel
// by range and putting it on shelf, and the reader who finds it by search, reads chapter 1 and buys chapter 11.

/** The admin scripts/e2e-server.mjs creates before the server starts (docs/console.md "The first admin"). */
export const STAFF_USERNAME = process.env.E2E_STAFF_USERNAME ?? 'e2e-admin';
export const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password';

/** Signs in through the console's sign-in form on a phone of its own; the page ends on the dashboard. */
export async function staffSignIn(browser: Browser, info: TestInfo, username = STAFF_USERNAME, password = STAFF_PASSWORD): Promise<Page> {
  const staff = await newPhonePage(browser, info);
  await staff.goto('/admin');
  await expect(staff).toHaveURL(/\/admin\/login$/);
  await staff.getByLabel('用户名').fill(username);
  await staff.getByLabel('密码').fill(password);
  await staff.getByRole('button', { name: '登录' }).click();
  await expect(staff).toHaveURL(/\/admin$/);
  return staff;
}

/** The novel id of the console edit page the staff page is on (/admin/content/novels/{id}). */
export function editedNovelId(staff: Page): number {
  const match = /\/admin\/content\/novels\/(\d+)/.exec(new URL(staff.url()).pathname);
  if (!match) throw new Error(`not on a novel's edit page: ${staff.url()}`);
  return Number(match[1]);
}

/**
 * On a novel's edit page: 批量设置 makes chapters 1–10 free and 11–`lastChapter` paid at `price` coins, each range
 * confirmed by the count the page reports.
 */
export async function priceByRange(staff: Page, lastChapter: number, price: number): Promise<void> {
  const range = staff.getByTestId('range-form');
  await range.getByLabel('从第几章').fill('1');
  await range.getByLabel('到第几章').fill('10');
  await range.getByLabel('免费').check();
  await range.getByRole('button', { name: '批量设置' }).click();
  await expect(staff.getByRole('status')).toHaveText('已设置 10 个章节');
  await range.getByLabel('从第几章').fill('11');
  await range.getByLabel('到第几章').fill(String(lastChapter));
  await range.getByLabel('每章价格（书币）').fill(String(price));
  await range.getByRole('button', { name: '批量设置' }).click();
  await expect(staff.getByRole('status')).toHaveText(`已设置 ${lastChapter - 10} 个章节`);
}

/** On a novel's edit page: 上架 publishes an off-shelf novel (a retry finds it already on shelf: 下架 shows). */
export async function putOnShelf(staff: Page, title: string): Promise<void> {
  const putOn = staff.getByRole('button', { name: '上架', exact: true });
  if (await putOn.isVisible()) {
    await putOn.click();
    await expect(staff.getByRole('status')).toHaveText(`《${title}》已上架`);
  }
  await expect(staff.getByRole('button', { name: '下架', exact: true })).toBeVisible();
}

type CatalogEntry = { id: number; idx: number; title: string; is_free: boolean; price: number };

/**
 * The reader's half: finds the novel by `keyword` on the search page, opens it, reads chapter 1 without signing in,
 * then signs in as a new phone member and buys chapter 11 (through a recharge when the signup vouchers fall short).
 * Expects chapters 1–10 free and 11 at `price` coins, as priceByRange leaves them.
 */
export async function readerFindsReadsAndBuys(
  page: Page,
  info: TestInfo,
  novel: { id: number; title: string; keyword: string; price: number },
): Promise<void> {
  const { id: nid, title, keyword, price } = novel;
  await page.goto('/m/search');
  await page.getByLabel('搜索关键词').fill(keyword);
  await page.getByRole('button', { name: '搜索' }).click();
  await page
    .getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/m/novels/${nid}$`));

  const catalog = (await (await page.request.get(`/v1/novels/${nid}/catalog?limit=20`)).json()) as {
    data: { data: CatalogEntry[] };
  };
  const byIdx = new Map(catalog.data.data.map((c) => [c.idx, c]));
  expect(byIdx.get(1)).toMatchObject({ is_free: true });
  expect(byIdx.get(10)).toMatchObject({ is_free: true });
  expect(byIdx.get(11)).toMatchObject({ is_free: false, price });

  await page.goto(`/m/read/${byIdx.get(1)!.id}?nid=${nid}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(byIdx.get(1)!.title);
  await expect(page.locator('.chapter-body p').first()).toBeVisible();

  await signInByPhone(page, freshPhone(90 + info.workerIndex));
  const eleven = byIdx.get(11)!.id;
  await page.goto(`/m/read/${eleven}?nid=${nid}`);
  await expect(page.getByRole('heading', { name: '本章为付费章节' })).toBeVisible();
  // A new member's signup vouchers may cover the price; otherwise the button leads to the recharge page and back.
  const buy = page.getByRole('button', { name: /^(购买本章|余额不足，去充值)$/ });
  const short = (await buy.textContent())!.includes('去充值');
  await buy.click();
  if (short) {
    await expect(page).toHaveURL(/\/recharge\/start\?/);
    await page.getByRole('list', { name: '充值档位' }).getByRole('listitem').filter({ hasText: '600书币' }).getByRole('button').click();
    await expectSandboxPage(page);
    await page.getByRole('button', { name: /确认支付/ }).click();
    await expect(page).toHaveURL(new RegExp(`/m/read/${eleven}\\?nid=${nid}$`));
  }
  await expect(page.locator('.chapter-body p').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '本章为付费章节' })).toHaveCount(0);
}
