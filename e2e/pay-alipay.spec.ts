// Recharge through Alipay on a phone (docs/payments-alipay.md): the order goes to /pay/alipay/{id}, on to the Alipay
// stand-in's cashier (started by scripts/e2e-server.mjs), whose payment posts an RSA2-signed notification to
// /v1/pay/notify/alipay; the coins arrive once, the ledger audit stays clean, and a staff refund goes back through
// alipay.trade.refund and reverses the credit.
import { expect, test, ONE_PHONE_ONLY } from './helpers/test';
import { openProviderOrder, refundThroughConsole } from './helpers/payments';

test('recharge through Alipay: credited once, audit clean, a refund reverses it', ONE_PHONE_ONLY, async ({ page, browser }, info) => {
  // Alipay is the phone browsers’ provider; one phone is enough
  test.setTimeout(120_000);
  const { pack, orderId, payPage, credited } = await openProviderOrder(page, info, 'alipay');
  await page.goto(payPage);
  // The stand-in's cashier: the amount in yuan, then the payer confirms.
  await expect(page.getByTestId('alipay-amount')).toHaveText((pack.price / 100).toFixed(2));
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page).toHaveURL(/\/m\/coins(\?|$)/);
  await expect(page.getByTestId('coins-balance')).toHaveText(String(credited));
  // The same notification again (Alipay retries until it hears `success`): still credited once.
  await page.reload();
  await expect(page.getByTestId('coins-balance')).toHaveText(String(credited));

  await refundThroughConsole(browser, info, page, orderId, credited, '支付宝退款演练');
});
