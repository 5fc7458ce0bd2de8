import { expect, test } from '@playwright/test';
import { approveSandboxPayment, productNamed, signInAsGuest } from './helpers/wallet';

test('sign in, recharge through the sandbox and see the coins on /m/my', async ({ page }, info) => {
  test.skip(info.project.name === 'wechat', 'payment availability in the messaging app comes with the wallet pages');
  const pack = await productNamed(page, 'recharge', '3000书币');
  await signInAsGuest(page, info, 'pay');
  await page.goto(`/orders/create?pid=${pack.id}&return=${encodeURIComponent('/m/my')}&n_from=promotion_popup`);
  await approveSandboxPayment(page, '/m/my');
  await expect(page.getByTestId('welth')).toHaveText(String(pack.welth + pack.reward_welth));
});

test('without a session, order creation goes to login with next set to the order address', async ({ page }, info) => {
  test.skip(info.project.name === 'wechat', 'messaging-app login goes through OAuth');
  await page.goto('/orders/create?pid=1&return=%2Fm%2Fmy');
  await expect(page).toHaveURL(/\/m\/login\?next=%2Forders%2Fcreate%3Fpid%3D1%26return%3D%252Fm%252Fmy$/);
});
