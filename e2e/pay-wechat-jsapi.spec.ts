// Recharge through WeChat Pay JSAPI inside the messaging app (docs/payments.md "The pay page", "Testing"): the reader
// signs in through the messaging app's own OAuth (its stand-in, started by scripts/e2e-server.mjs), which gives us
// their OpenID; the recharge page then offers WeChat Pay, and the pay page calls WeixinJSBridge.invoke(
// 'getBrandWCPayRequest', …). The bridge here does what the app does: it hands the page's signed parameters to WeChat
// Pay (the stand-in checks paySign, takes the payment and posts the signed notification), then answers the page.
import { devices } from '@playwright/test';
import { expect, test, type Page, MESSAGING_APP_ONLY } from './helpers/test';
import { refundThroughConsole } from './helpers/payments';
import { productNamed } from './helpers/wallet';
import { agreeOnOAuthPage } from './helpers/consent';

const IOS_MESSAGING_APP_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

type Answer = 'tampered' | 'cancel' | 'pay';
type PayParams = Record<string, string>;

/**
 * The messaging app's side of getBrandWCPayRequest, answering from `answers` in turn: `cancel` is the payer closing
 * the payment sheet; `pay` hands the parameters to WeChat Pay through the app's stand-in; `tampered` does the same
 * with a paySign that is not ours, which the app refuses. Runs in the test (the page's CSP keeps it on our origin).
 */
async function installBridge(page: Page, appOrigin: () => string, answers: Answer[]): Promise<PayParams[]> {
  const seen: PayParams[] = [];
  await page.exposeFunction('__messagingAppPay', async (params: PayParams) => {
    seen.push(params);
    const answer = answers.shift() ?? 'pay';
    if (answer === 'cancel') return 'get_brand_wcpay_request:cancel';
    const paySign = answer === 'tampered' ? `${params.paySign!.startsWith('A') ? 'B' : 'A'}${params.paySign!.slice(1)}` : params.paySign;
    const res = await fetch(`${appOrigin()}/jsapi/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        prepay_id: params.package!.replace(/^prepay_id=/, ''),
        timeStamp: params.timeStamp,
        nonceStr: params.nonceStr,
        paySign,
      }),
    });
    return ((await res.json()) as { err_msg: string }).err_msg;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { WeixinJSBridge?: unknown; __messagingAppPay: (p: Record<string, string>) => Promise<string> };
    w.WeixinJSBridge = {
      invoke(api: string, params: Record<string, string>, cb: (res: { err_msg: string }) => void) {
        if (api === 'getBrandWCPayRequest') void w.__messagingAppPay(params).then((errMsg) => cb({ err_msg: errMsg }));
      },
    };
  });
  return seen;
}

/** The recharge page's payment choice, once hydrated: picks `label` and checks that the pack forms carry it. */
async function choose(page: Page, label: string, provider: string) {
  const radio = page.getByTestId('provider-choice').getByRole('radio', { name: label });
  await expect(async () => {
    await radio.check();
    await expect(radio).toBeChecked({ timeout: 500 });
    const sent = await page
      .getByRole('list', { name: '充值档位' })
      .locator('form')
      .first()
      .evaluate((f) => new FormData(f as HTMLFormElement).get('provider'));
    expect(sent).toBe(provider);
  }).toPass();
}

test(
  'recharge through WeChat Pay JSAPI in the messaging app: refused forgery, cancel, paid once, refunded',
  MESSAGING_APP_ONLY,
  async ({ page, browser }, info) => {
    // wechat', 'JSAPI is the messaging app’s in-page payment
    test.setTimeout(150_000);
    const packInfo = await productNamed(page, 'recharge', '3000书币');
    const credited = packInfo.welth + packInfo.reward_welth;
    let appOrigin = '';
    const seen = await installBridge(page, () => appOrigin, ['tampered', 'cancel', 'pay']);

    // Inside the app, sign-in is the app's own OAuth: its authorize page, our registered callback, then back here.
    await page.goto('/m/my');
    await agreeOnOAuthPage(page);
    appOrigin = new URL(page.url()).origin;
    expect(appOrigin).not.toBe(new URL(info.project.use.baseURL!).origin);
    const nickname = `微信支付${info.workerIndex}${Date.now() % 100_000}`;
    await page.getByLabel('昵称').fill(nickname);
    await page.getByRole('button', { name: '同意授权' }).click();
    await expect(page).toHaveURL(/\/m\/my$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nickname);

    // With the OpenID, WeChat Pay is offered beside the sandbox; Alipay does not open inside the app.
    await page.goto('/recharge/start?return=%2Fm%2Fcoins');
    const choice = page.getByTestId('provider-choice');
    await expect(choice.getByRole('radio')).toHaveCount(2);
    await expect(choice.getByRole('radio', { name: '支付宝' })).toHaveCount(0);
    await choose(page, '微信支付', 'wechat');
    const pack = page
      .getByRole('list', { name: '充值档位' })
      .getByRole('listitem')
      .filter({ hasText: /^3000书币/ });
    await expect(pack).toHaveCount(1);
    await pack.getByRole('button').click();
    await expect(page).toHaveURL(/\/pay\/wechat\/\d+$/);
    const payPage = new URL(page.url()).pathname;
    const orderId = Number(/\/pay\/wechat\/(\d+)$/.exec(payPage)![1]);

    // A paySign that is not ours: the app refuses to pay, the page says the payment service failed, nothing is credited.
    await expect(page.getByTestId('jsapi-status')).toHaveText('支付服务暂时不可用，请稍后重试');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ appId: 'wx_e2e_app', signType: 'RSA' });
    expect(seen[0]!.package).toMatch(/^prepay_id=wx/);

    // The payer closes the payment sheet: 重新支付, and still nothing credited.
    await page.goto(payPage);
    await expect(page).toHaveURL(new RegExp(`/pay/wechat/${orderId}/result\\?cancelled=1$`));
    await expect(page.getByText('您已取消支付。')).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('待支付');
    const retry = page.getByRole('link', { name: '重新支付' });
    await expect(retry).toHaveAttribute('href', payPage);

    // Paid through the app: the notification credits the order, the callback only sends the payer to the result page.
    await retry.click();
    await expect(page).toHaveURL(/\/m\/coins(\?|$)/);
    await expect(page.getByTestId('coins-balance')).toHaveText(String(credited));
    expect(seen).toHaveLength(3);
    expect(seen[2]!.package).toBe(seen[0]!.package);
    // Back on the result page (notification and return both settle the order): still credited once.
    await page.goto(`/pay/wechat/${orderId}/result`);
    await expect(page).toHaveURL(/\/m\/coins(\?|$)/);
    await expect(page.getByTestId('coins-balance')).toHaveText(String(credited));

    // The iOS messaging app may pay while ios_recharge_disabled is off (docs/shell.md "Payment availability and recharge doors"): the same
    // member there is offered WeChat Pay JSAPI too.
    const { defaultBrowserType: _ignored, ...iphone } = devices['iPhone 13']!;
    const ios = await browser.newContext({
      ...iphone,
      userAgent: IOS_MESSAGING_APP_UA,
      baseURL: info.project.use.baseURL,
      storageState: await page.context().storageState(),
    });
    const iosPage = await ios.newPage();
    await iosPage.goto('/recharge/start?return=%2Fm%2Fcoins');
    await expect(iosPage.getByTestId('provider-choice').getByRole('radio', { name: '微信支付' })).toBeVisible();
    await ios.close();

    await page.goto('/m/coins');
    await refundThroughConsole(browser, info, page, orderId, credited, '微信支付JSAPI退款演练');
  },
);
