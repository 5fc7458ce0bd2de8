// Recharge through Alipay on a phone (docs/payments-alipay.md): the order goes to /pay/alipay/{id}, on to the Alipay
// stand-in's cashier (started by scripts/e2e-server.mjs), whose payment posts an RSA2-signed notification to
// /v1/pay/notify/alipay; the coins arrive once, the ledger audit stays clean, and a staff refund goes back through
// alipay.trade.refund and reverses the credit. Needs the providers' plumbing (registry, start route, notify route).
import { expect, test } from './helpers/test';
import { staffSignIn } from './helpers/console';
import { productNamed, signInAsGuest } from './helpers/wallet';

test('recharge through Alipay: credited once, audit clean, a refund reverses it', async ({ page, browser }, info) => {
  test.skip(info.project.name !== 'pixel-7', 'Alipay is the phone browsers’ provider; one phone is enough');
  test.setTimeout(120_000);
  const pack = await productNamed(page, 'recharge', '3000书币');
  const credited = pack.welth + pack.reward_welth;
  await signInAsGuest(page, info, 'alipay');

  const res = await page.request.post('/orders/create', {
    form: { pid: String(pack.id), return: '/m/coins', provider: 'alipay' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  const orderId = Number(/\/pay\/alipay\/(\d+)/.exec(res.headers().location!)?.[1]);
  expect(orderId).toBeGreaterThan(0);
  await page.goto(res.headers().location!);
  // The stand-in's cashier: the amount in yuan, then the payer confirms.
  await expect(page.getByTestId('alipay-amount')).toHaveText((pack.price / 100).toFixed(2));
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page).toHaveURL(/\/m\/coins(\?|$)/);
  await expect(page.getByTestId('coins-balance')).toHaveText(String(credited));
  // The same notification again (Alipay retries until it hears `success`): still credited once.
  await page.reload();
  await expect(page.getByTestId('coins-balance')).toHaveText(String(credited));

  const staff = await staffSignIn(browser, info);
  await staff.goto('/admin/orders');
  await staff.getByRole('button', { name: '立即核对' }).click();
  await expect(staff.getByRole('status').first()).toHaveText('账本核对通过');

  await staff.goto(`/admin/orders/${orderId}`);
  await expect(staff.getByTestId('order-status')).toHaveText('已支付');
  const form = staff.getByRole('form', { name: '退款' });
  await form.getByLabel('退款原因').fill('支付宝退款演练');
  await form.getByLabel(/特批退款/).check();
  await form.getByRole('button', { name: '确认退款' }).click();
  await expect(staff.getByTestId('order-status')).toHaveText('已退款');
  await expect(staff.getByTestId('order-refund')).toContainText(`收回 ${credited} 书币`);
  await page.reload();
  await expect(page.getByTestId('coins-balance')).toHaveText('0');

  await staff.goto('/admin/orders');
  await staff.getByRole('button', { name: '立即核对' }).click();
  await expect(staff.getByRole('status').first()).toHaveText('账本核对通过');
  await staff.close();
});
