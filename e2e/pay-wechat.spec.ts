// Recharge through WeChat Pay's H5 payment in a phone browser (docs/payments.md "WeChat Pay"): the order goes to
// /pay/wechat/{id}, which prepays at the WeChat Pay stand-in (started by scripts/e2e-server.mjs) and sends the payer
// to its cashier; paying there posts a signed, AES-GCM encrypted notification to /v1/pay/notify/wechat and returns
// the payer to our result page, which goes on to the order's return page. Another member cannot open the order's pay
// page; a staff refund goes back through the provider's refund API and reverses the credit.
import { expect, test, ONE_PHONE_ONLY } from './helpers/test';
import { openProviderOrder, refundThroughConsole } from './helpers/payments';
import { signInAsGuest } from './helpers/wallet';
import { newPhonePage } from './helpers/phone-context';

test(
  'recharge through WeChat Pay H5: credited once, only the payer’s, a refund reverses it',
  ONE_PHONE_ONLY,
  async ({ page, browser }, info) => {
    // H5 payment is the phone browsers’ path; one phone is enough
    test.setTimeout(120_000);
    const { pack, orderId, payPage, credited } = await openProviderOrder(page, info, 'wechat');

    // Someone else's browser holding the address gets nothing: no prepay is made for them.
    const stranger = await newPhonePage(browser, info);
    await signInAsGuest(stranger, info, 'wechat-stranger');
    const refused = await stranger.goto(payPage);
    expect(refused?.status()).toBe(404);
    await stranger.context().close();

    await page.goto(payPage);
    await expect(page.getByRole('heading', { name: '微信支付（本地替身）' })).toBeVisible();
    await expect(page.getByText(`¥${(pack.price / 100).toFixed(2)}`)).toBeVisible();
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page).toHaveURL(/\/m\/coins(\?|$)/);
    await expect(page.getByTestId('coins-balance')).toHaveText(String(credited));
    // Back on the result page (the notification and the payer's return both settle the order): still credited once.
    await page.goto(`/pay/wechat/${orderId}/result`);
    await expect(page).toHaveURL(/\/m\/coins(\?|$)/);
    await expect(page.getByTestId('coins-balance')).toHaveText(String(credited));

    await refundThroughConsole(browser, info, page, orderId, credited, '微信支付退款演练');
  },
);
