import path from 'node:path';
import { expect, test, type Page, type TestInfo, onOnePhone } from './helpers/test';
import { freshPhone, productNamed, signInByPhone } from './helpers/wallet';
import { sigHeader } from './helpers/sig';
import type { GiftDto } from '@/lib/shared/dto/rewards';

// Issue 15's reader journeys (docs/gifts-votes-pages.md): a tip from the reader's chapter end thanks the reader and puts
// them on the novel's fan list; a vote from the novel page says 投票成功, takes the tickets and moves the leaderboard.
// With SCREENS=1 the modals and pages are also written to docs/screens/<device>/ (docs/screens/README.md).

test.beforeEach(({}, info) => onOnePhone(info));

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const dir = process.env.SCREENS ? path.join(__dirname, '..', 'docs', 'screens', info.project.name) : info.outputPath();
  await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled', caret: 'hide', scale: 'css' });
}

/** A new phone member with 600 paid coins, bought through the order flow's sandbox (as e2e/paid-text.spec.ts does). */
async function payingMember(page: Page, salt: number): Promise<number> {
  await signInByPhone(page, freshPhone(salt));
  const product = await productNamed(page, 'recharge', '600书币');
  const created = await page.request.post('/orders/create', { form: { pid: String(product.id), return: '/m/my' }, maxRedirects: 0 });
  expect(created.status()).toBe(303);
  const orderPath = new URL(created.headers().location!, 'http://x').pathname;
  expect((await page.request.post(`${orderPath}/approve`, { maxRedirects: 0 })).status()).toBe(303);
  const profile = (await (await page.request.get('/v1/my/profile')).json()).data as { member_id: number; welth: number };
  expect(profile.welth).toBeGreaterThanOrEqual(600);
  return profile.member_id;
}

test('a tip from the chapter end: 谢谢土豪, and the fan list shows the reader', async ({ page }, info) => {
  test.setTimeout(120_000);
  const memberId = await payingMember(page, info.workerIndex * 10 + 1);
  // Each phone tips its own novel, so the two projects running side by side never share a list.
  const novelId = info.project.name === 'pixel-7' ? 1 : 2;
  const novel = (await (await page.request.get(`/v1/novels/${novelId}`)).json()).data as { first_article_id: number };

  await page.goto(`/m/read/${novel.first_article_id}?nid=${novelId}`);
  const tip = page.getByRole('button', { name: '打赏', exact: true });
  await tip.scrollIntoViewIfNeeded();
  await tip.click();
  const dialog = page.getByRole('dialog', { name: '打赏作品' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('gift-balance')).toContainText(/书币余额 \d+/);
  await dialog.getByRole('radio', { name: /蛋糕/ }).click();
  for (let i = 0; i < 4; i++) await dialog.getByRole('button', { name: '增加数量' }).click();
  await expect(dialog.getByTestId('gift-total')).toHaveText('合计 500 书币');
  await shot(page, info, 'gift-modal');
  await dialog.getByRole('button', { name: '赠送 · 500书币' }).click();
  await expect(page.getByText('谢谢土豪')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/m/novels/${novelId}/rewards`);
  await expect(page.getByTestId('fan-me')).toContainText('我的粉丝值 500');
  const me = page.getByTestId('fan-list').locator(`[data-member-id="${memberId}"]`);
  // The seed's own readers may rank above: page through until the reader shows.
  for (let i = 0; i < 20 && !(await me.count()); i++) await page.getByRole('button', { name: '加载更多' }).click();
  await expect(me).toContainText('粉丝值 500');
  await shot(page, info, 'fan-page');

  // The free gift, from the fan page itself: the list reloads in place and the free gift is then used for today.
  await page.getByRole('button', { name: '打赏', exact: true }).click();
  const again = page.getByRole('dialog', { name: '打赏作品' });
  await again.getByRole('radio', { name: /小红花/ }).click();
  await again.getByRole('button', { name: '免费赠送' }).click();
  await expect(page.getByText('谢谢土豪')).toBeVisible();
  await page.getByRole('button', { name: '打赏', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '打赏作品' }).getByRole('radio', { name: /小红花/ })).toBeDisabled();
});

test('a vote from the novel page: 投票成功, the tickets drop and the leaderboard moves', async ({ page }, info) => {
  test.setTimeout(120_000);
  await payingMember(page, info.workerIndex * 10 + 2);
  // Novel 5 is off the shelf and 6 sold whole (e2e/hydration.spec.ts): 7 and 8 are ordinary serials.
  const novelId = info.project.name === 'pixel-7' ? 7 : 8;
  // 500 paid coins spent on a novel earn 5 tickets this month (docs/gifts-votes.md "Vote tickets").
  const { language_type } = (await (await page.request.get(`/v1/novels/${novelId}`)).json()).data as { language_type: number };
  const gifts = (await (await page.request.get(`/v1/tips/gifts?language_type=${language_type}`)).json()).data as GiftDto[];
  const cake = gifts.find((g) => g.wealth === 100)!;
  const tipped = await page.request.post(`/v1/novels/${novelId}/tips`, { headers: sigHeader(), data: { amount: 5, gift_id: cake.id } });
  expect(tipped.ok(), await tipped.text()).toBe(true);
  const tickets = ((await (await page.request.get('/v1/my/profile')).json()).data as { tickets: number }).tickets;
  expect(tickets).toBe(5);
  const before = (await (await page.request.get(`/v1/competitions/novel/${novelId}/vote_status`)).json()).data as { novel_votes: number };

  await page.goto(`/m/novels/${novelId}`);
  await page.getByRole('button', { name: '投票', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '投月票' });
  await expect(dialog.getByTestId('vote-tickets')).toHaveText('我的月票 5 张');
  await dialog.getByRole('button', { name: '增加数量' }).click();
  await shot(page, info, 'vote-modal');
  await dialog.getByRole('button', { name: '投 2 张' }).click();
  await expect(page.getByText('投票成功')).toBeVisible();
  await expect(dialog.getByTestId('vote-tickets')).toHaveText('我的月票 3 张');
  await expect(dialog.getByTestId('novel-votes')).toContainText(`本书 ${before.novel_votes + 2} 票`);

  await dialog.getByRole('link', { name: '查看月票榜' }).click();
  await expect(page).toHaveURL(/\/m\/competitions\/\d+$/);
  const row = page.locator(`[data-novel-id="${novelId}"]`);
  for (let i = 0; i < 10 && !(await row.count()); i++) await page.getByRole('button', { name: '加载更多' }).click();
  await expect(row).toContainText(`${before.novel_votes + 2} 票`);
  await shot(page, info, 'competition-board');

  await page.goto('/m/my');
  await expect(page.getByTestId('tickets')).toHaveText('3');
});

test('an unknown competition answers the not-found page', async ({ page }) => {
  const res = await page.goto('/m/competitions/999999');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '评选不存在' })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
});
