import { expect, test, type Page, type TestInfo, onOnePhone } from './helpers/test';
import { approveSandboxPayment, freshPhone, openOrder, payInSandbox, productNamed, signInAsGuest, signInByPhone } from './helpers/wallet';
import { sigHeader } from './helpers/sig';

// Screenshots of every wallet page per phone, for a person to look at (not compared by the test).
const SHOTS = process.env.WALLET_SHOTS_DIR ?? '/tmp/shots-a';
async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png`, fullPage: true });
  // Once more at the narrowest phone width the pages are built for (360 px), then back to the device's own.
  const own = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: own.height });
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}-360.png`, fullPage: true });
  await page.setViewportSize(own);
}

// Messaging-app payment rules come with the payment-routing journeys; nothing else here depends on the phone.
test.beforeEach(({}, info) => onOnePhone(info));

test('recharge, buy a chapter and open VIP: the records, vouchers and VIP pages show it', async ({ page }, info) => {
  const pack = await productNamed(page, 'recharge', '5000书币');
  const month = await productNamed(page, 'vip', '包月VIP');
  await signInAsGuest(page, info, 'records');

  // Empty states first: each offers the next step.
  await page.goto('/m/expenses');
  await expect(page.getByText('还没有消费记录')).toBeVisible();
  await expect(page.getByRole('link', { name: '去书库看看' })).toBeVisible();

  await payInSandbox(page, pack.id, '/m/coins');
  await expect(page.getByRole('heading', { name: '充值记录' })).toBeVisible();
  await expect(page.getByTestId('coins-balance')).toHaveText(String(pack.welth + pack.reward_welth));
  const order = page.getByRole('list', { name: '充值记录' }).getByRole('listitem').first();
  await expect(order).toContainText('5000书币');
  await expect(order).toContainText(`¥${pack.price / 100}`);
  await expect(order).toContainText(`赠${pack.reward_welth}书币`);
  await shot(page, info, 'coins');

  // A paid chapter of novel 1: the vouchers the pack gave pay for it.
  // Bought from the page itself, as the reader would: the browser's own connection and same-origin cookie.
  const bought = await page.evaluate(async (sig) => {
    const res = await fetch('/v1/novels/1/buy', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sig': sig },
      body: JSON.stringify({ aid: 21 }),
    });
    return ((await res.json()) as { data: { charged: number; from_vouchers: number } }).data;
  }, sigHeader()['x-sig']);
  expect(bought.from_vouchers).toBe(bought.charged);

  await page.goto('/m/expenses');
  const record = page.getByRole('list', { name: '消费记录' }).getByRole('listitem').first();
  await expect(record).toContainText(/《.+》第21章/);
  await expect(record).toContainText(`-${bought.charged}书券`);
  await expect(record).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await shot(page, info, 'expenses');

  await page.goto('/m/vouchers');
  const vouchers = pack.reward_welth_coupon + pack.extra_reward_coupon;
  await expect(page.getByTestId('usable-vouchers')).toHaveText(String(vouchers - bought.charged));
  const lots = page.getByRole('list', { name: '书券' }).getByRole('listitem');
  await expect(lots).toHaveCount(2);
  await expect(lots.first()).toContainText(/[67]天后过期/);
  await shot(page, info, 'vouchers');
  await page.getByRole('link', { name: '已过期' }).click();
  await expect(page).toHaveURL(/\/m\/vouchers\?status=expired$/);
  await expect(page.getByText('没有过期的书券')).toBeVisible();

  await page.goto('/m/vip');
  await expect(page.getByText('尚未开通VIP')).toBeVisible();
  await expect(page.getByText('约¥0.82/天')).toBeVisible();
  await expect(page.getByText('充值书币及开通VIP为虚拟商品，一经购买不支持退款')).toBeVisible();
  await shot(page, info, 'vip');
  await page.getByText('包月VIP').click();
  await expect(page.getByTestId('vip-pay')).toHaveText(`立即开通 ¥${month.price / 100}`);
  await page.getByTestId('vip-pay').click();
  await approveSandboxPayment(page, '/m/vip');
  await expect(page.getByTestId('vip-state')).toContainText('VIP会员');
  await expect(page.getByTestId('vip-state')).toContainText(/\d{4}-\d{2}-\d{2} 到期/);
  await expect(page.getByTestId('vip-pay')).toHaveText(/^立即续费/);
  await shot(page, info, 'vip-member');

  await page.goto('/m/vip-m');
  await expect(page.getByTestId('vip-state')).toContainText('VIP会员');
  await shot(page, info, 'vip-m');

  await page.goto('/m/coins');
  await expect(page.getByRole('list', { name: '充值记录' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('list', { name: '充值记录' }).getByRole('listitem').first()).toContainText('包月VIP');
});

test('a new member’s signup coupon: usable, then used on a recharge', async ({ page }, info) => {
  const pack = await productNamed(page, 'recharge', '3000书币');
  await signInByPhone(page, freshPhone(info.workerIndex + (info.project.name === 'pixel-7' ? 50 : 0)));
  const path = '/m/mall/vouchers-inline';
  await page.goto(path);
  const coupon = page.getByRole('list', { name: '优惠券' }).getByRole('listitem').first();
  await expect(coupon).toContainText('满30减5');
  await expect(coupon).toContainText('满30元可用');
  await expect(coupon).toContainText('¥5');
  await expect(coupon.getByRole('link', { name: /去使用/ })).toHaveAttribute('href', `/recharge/start?return=${encodeURIComponent(path)}`);
  await expect(page.getByRole('link', { name: '可使用(1)' })).toBeVisible();
  await shot(page, info, 'coupons');

  // Spend it on a recharge that reaches its threshold; the order is 5 yuan cheaper.
  const [mine] = (await (await page.request.get('/v1/my/coupons')).json()).data.data as Array<{ id: number }>;
  await openOrder(page, { pid: String(pack.id), coupon_id: String(mine!.id), return: path });
  await expect(page.getByText(`¥${(pack.price - 500) / 100}`).first()).toBeVisible();
  await approveSandboxPayment(page, path);
  await expect(page.getByText('暂无可用优惠券')).toBeVisible();
  await expect(page.getByRole('link', { name: '去领券' })).toBeVisible();
  await page.getByRole('link', { name: '已使用(1)' }).click();
  await expect(page).toHaveURL(/\?status=used$/);
  await expect(page.getByRole('list', { name: '优惠券' }).getByRole('listitem').first()).toContainText('已使用');
  await shot(page, info, 'coupons-used');
  await page.goto('/m/coins');
  await expect(page.getByRole('list', { name: '充值记录' }).getByRole('listitem').first()).toContainText('券减5元');
});

test('the wallet pages send a visitor to sign in; the VIP page is public', async ({ page }) => {
  for (const path of ['/m/coins', '/m/expenses', '/m/vouchers', '/m/mall/vouchers-inline']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/m/login\\?next=${encodeURIComponent(path)}$`));
  }
  await page.goto('/m/vip');
  await expect(page.getByText('登录后查看会员状态')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(3);
});
