import { expect, test, ONE_PHONE_ONLY } from './helpers/test';
import { approveSandboxPayment, confirmOrder, openOrder, productNamed, signInAsGuest } from './helpers/wallet';

test('sign in, recharge in one tap on a pack, pay in the sandbox and see the coins on /m/my', ONE_PHONE_ONLY, async ({ page }, info) => {
  const pack = await productNamed(page, 'recharge', '3000书币');
  await signInAsGuest(page, info, 'pay');
  await page.goto(`/recharge/start?return=${encodeURIComponent('/m/my')}`);
  await page.getByRole('list', { name: '充值档位' }).getByRole('listitem').filter({ hasText: '3000书币' }).getByRole('button').click();
  await approveSandboxPayment(page, '/m/my');
  await expect(page.getByTestId('welth')).toHaveText(String(pack.welth + pack.reward_welth));
});

test('a link from elsewhere to /orders/create opens no order by itself: its confirmation does', ONE_PHONE_ONLY, async ({ page }, info) => {
  const pack = await productNamed(page, 'recharge', '3000书币');
  await signInAsGuest(page, info, 'confirm');
  await page.goto(`/orders/create?pid=${pack.id}&return=${encodeURIComponent('/m/my')}&n_from=promotion_popup`);
  await expect(page.getByRole('heading', { name: '确认下单' })).toBeVisible();
  await confirmOrder(page);
  await approveSandboxPayment(page, '/m/my');
  await expect(page.getByTestId('welth')).toHaveText(String(pack.welth + pack.reward_welth));
});

test('without a session, order creation goes to login with next set to the order address', ONE_PHONE_ONLY, async ({ page }) => {
  await page.goto('/orders/create?pid=1&return=%2Fm%2Fmy');
  await expect(page).toHaveURL(/\/m\/login\?next=%2Forders%2Fcreate%3Fpid%3D1%26return%3D%252Fm%252Fmy$/);
});

test('a cancelled order’s checkout shows 已取消 and no pay button', ONE_PHONE_ONLY, async ({ page }, info) => {
  const pack = await productNamed(page, 'recharge', '3000书币');
  await signInAsGuest(page, info, 'cancelled');
  await openOrder(page, { pid: String(pack.id), return: '/m/my', cancel: '/m/my' });
  const checkout = page.url();
  await expect(page.getByTestId('order-status')).toHaveText('待支付');
  await page.getByRole('button', { name: '取消支付' }).click();
  await expect(page).toHaveURL(/\/m\/my$/);
  await page.goto(checkout);
  await expect(page.getByTestId('order-status')).toHaveText('已取消');
  await expect(page.getByRole('status')).toContainText('订单已取消');
  await expect(page.getByRole('button', { name: /确认支付|取消支付/ })).toHaveCount(0);
});
