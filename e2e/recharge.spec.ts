import { expect, test } from '@playwright/test';

test('sign in, recharge through the sandbox and see the coins on /m/my', async ({ page }, info) => {
  test.skip(info.project.name === 'wechat', 'payment availability in the messaging app comes with the wallet pages');
  const products = (await (await page.request.get('/v1/products?product_type=recharge')).json()).data as Array<{ id: number; name: string; welth: number; reward_welth: number }>;
  const pack = products.find((p) => p.name === '3000书币')!;
  await page.request.post('/v1/tourist/login', { data: { device_id: `e2e-pay-${info.workerIndex}-${Date.now()}` } });
  await page.goto(`/orders/create?pid=${pack.id}&return=${encodeURIComponent('/m/my')}&n_from=promotion_popup`);
  await expect(page).toHaveURL(/\/pay\/sandbox\/\d+$/);
  await expect(page.getByText('一经购买不支持退款')).toBeVisible();
  await page.getByRole('button', { name: /确认支付/ }).click();
  await expect(page).toHaveURL(/\/m\/my$/);
  await expect(page.getByTestId('welth')).toHaveText(String(pack.welth + pack.reward_welth));
});

test('without a session, order creation goes to login with next set to the order address', async ({ page }, info) => {
  test.skip(info.project.name === 'wechat', 'messaging-app login goes through OAuth');
  await page.goto('/orders/create?pid=1&return=%2Fm%2Fmy');
  await expect(page).toHaveURL(/\/m\/login\?next=%2Forders%2Fcreate%3Fpid%3D1%26return%3D%252Fm%252Fmy$/);
});
