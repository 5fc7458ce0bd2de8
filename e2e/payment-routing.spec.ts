import { expect, test, type Locator, type Page, type Request } from './helpers/test';
import { sigHeader } from './helpers/sig';
import { expectSandboxPage } from './helpers/wallet';
import { businessDayOf } from '@/lib/shared/business-time';
import { agreedVersions } from './helpers/consent';

// Inside the messaging app home forces sign-in (docs/accounts.md "Access table"); elsewhere these pages are public.
async function guest(page: Page, tag: string, workerIndex: number) {
  const res = await page.request.post('/v1/tourist/login', {
    headers: sigHeader(),
    data: { device_id: `e2e-pay-${tag}-${workerIndex}-${Date.now()}`, agreements: await agreedVersions(page.request) },
  });
  expect(res.ok()).toBe(true);
}

let seq = 0;
// A new member signed in by SMS receives the signup coupon (满30减5); guests do not.
/** The fields a buy form posts. */
const formFields = (form: Locator) =>
  form.evaluate((f) => Object.fromEntries(new FormData(f as HTMLFormElement)) as Record<string, string>);

async function smsMember(page: Page, workerIndex: number) {
  const phone = `137${String((Date.now() * 7 + workerIndex * 1000 + ++seq) % 100_000_000).padStart(8, '0')}`;
  expect((await page.request.post('/v1/sms/code', { headers: sigHeader(), data: { phone } })).ok()).toBe(true);
  const { data } = (await (await page.request.get(`/v1/dev/sms?phone=${phone}`)).json()) as { data: { code: string } };
  expect(
    (
      await page.request.post('/v1/sms/login', {
        headers: sigHeader(),
        data: { phone, code: data.code, agreements: await agreedVersions(page.request) },
      })
    ).ok(),
  ).toBe(true);
}

function trackedActs(page: Page): number[] {
  const acts: number[] = [];
  page.on('request', (req: Request) => {
    if (req.url().endsWith('/v1/promotions/track') && req.method() === 'POST')
      acts.push((req.postDataJSON() as { act_name: number }).act_name);
  });
  return acts;
}

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('main a, main button, [role=dialog] a, [role=dialog] button')]
      .map((el) => ({ r: el.getBoundingClientRect(), text: el.textContent }))
      .filter(({ r }) => r.width > 0 && (r.height < 44 || r.width < 44))
      .map(({ text }) => text),
  );
  expect(small).toEqual([]);
}

// Outside the messaging app, iOS and Android browsers pay the same way (docs/shell.md "Payment availability and
// recharge doors"): the plain phone (pixel-7) and the messaging app (wechat) are the two cases; the iPhone adds none.
test.beforeEach(({}, info) => test.skip(info.project.name === 'iphone-13', 'a plain iOS browser pays as the Pixel does'));

test.describe('recharge page', () => {
  test('renders the packs, quotas, the coupon choice and the refund notice; a pack opens an order', async ({ page }, info) => {
    await smsMember(page, info.workerIndex);
    await page.goto('/recharge/start?aid=21&return=%2Fm%2Fnovels%2F1');
    await expect(page.getByRole('heading', { name: '充值书币' })).toBeVisible();
    await expect(page.getByTestId('refund-notice')).toHaveText('充值书币及开通VIP为虚拟商品，一经购买不支持退款');
    // The seeded packs; the selling console's journey may add a 700-coin pack of its own while this one runs
    // (e2e/console-selling.spec.ts), which is not one of them.
    const packs = page.getByRole('list', { name: '充值档位' }).getByRole('listitem').filter({ hasNotText: '700书币' });
    await expect(packs).toHaveCount(6);
    const pack3000 = packs.filter({ hasText: '3000书币' }).getByRole('button');
    await expect(pack3000).toContainText('送300书币');
    await expect(pack3000).toContainText('¥30');
    await expect(packs.filter({ hasText: '限量特惠' })).toContainText(/今日仅剩\d+份/);
    await expect(packs.filter({ hasText: /^5000书币/ })).toContainText('加赠300书券 · 7天有效');
    // The card is the submit button of a form posting the order: one tap, no confirmation step.
    const form = pack3000.locator('xpath=ancestor::form');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/orders/create');
    expect(await formFields(form)).toMatchObject({ return: '/m/novels/1', cancel: '/recharge/start?aid=21&return=%2Fm%2Fnovels%2F1' });
    expect((await pack3000.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await fitsThePhone(page);

    // A new member holds the signup coupon 满30减5: it applies to the ¥30 pack, not the ¥6 one.
    await page.locator('label', { hasText: '满30减5' }).click();
    await expect(page.getByRole('radio', { name: /满30减5/ })).toBeChecked();
    await expect(pack3000).toContainText('¥25');
    await expect(packs.filter({ hasText: '600书币' }).first()).toContainText('满¥30可用');
    await pack3000.click();
    await expectSandboxPage(page);
    await expect(page.getByRole('button', { name: /确认支付 ¥25/ })).toBeVisible();
  });

  test('after paying with no return, goes back to the chapter; an off-site n_domain is ignored', async ({ page }) => {
    await page.goto('/recharge/start?aid=21&n_domain=evil.example');
    const form = page.getByRole('list', { name: '充值档位' }).getByRole('button').first().locator('xpath=ancestor::form');
    expect((await formFields(form)).return).toBe('/m/read/21');
  });
});

/** The popup waits for the reader's first scroll (docs/shell.md "Modals"). */
async function scrollHome(page: Page) {
  await expect(page.getByRole('navigation', { name: '频道' })).toBeVisible();
  await page.evaluate(() => window.scrollBy(0, 200));
}

test.describe('promotion popup on home', () => {
  // A device that has not seen today's popup (the config gives every other journey one that has). It has seen today's
  // check-in modal, which would otherwise take its turn on the visit after the popup's (docs/activity-pages.md).
  test.use({
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`,
          localStorage: [
            { name: 'minors_prompt.shown', value: '1' },
            {
              name: 'checkin_modal.shown_on',
              value: businessDayOf(new Date()),
            },
          ],
        },
      ],
    },
  });

  test('appears once a day, tracks open (1) and close (3)', async ({ page }, info) => {
    if (info.project.name === 'wechat') await guest(page, 'popup', info.workerIndex);
    const acts = trackedActs(page);
    await page.goto('/m');
    await scrollHome(page);
    const popup = page.getByRole('dialog', { name: '限时充值礼包' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('5000书币');
    await expect(popup).toContainText('加赠800书币');
    await expect(popup).toContainText('再送500书券');
    await expect.poll(() => acts).toEqual([1]);
    await fitsThePhone(page);
    await popup.getByRole('button', { name: '关闭' }).click();
    await expect(popup).toBeHidden();
    await expect.poll(() => acts).toEqual([1, 3]);

    // The next visit: the trigger has the promotion again and the page is scrolled, the moment the popup opened
    // above (it asks for its copy variant first, which it never does here), and nothing opens.
    const variants: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/v1/laboratory/ab_tests/check') variants.push(req.url());
    });
    const promotions = page.waitForResponse((res) => new URL(res.url()).pathname === '/v1/promotions');
    await page.reload();
    await (await promotions).finished();
    await scrollHome(page);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(variants).toEqual([]);
    expect(acts).toEqual([1, 3]);
  });

  test('the button tracks 2 and goes to the order, through login without a session', async ({ page }, info) => {
    const signedIn = info.project.name === 'wechat';
    if (signedIn) await guest(page, 'popup-buy', info.workerIndex);
    const acts = trackedActs(page);
    await page.goto('/m');
    await scrollHome(page);
    // The popup copy experiment gives this visitor one of its two buttons (docs/experiments.md "Promotion popup copy").
    await page
      .getByRole('dialog', { name: '限时充值礼包' })
      .getByRole('button', { name: /^(立即抢购|领取加赠)$/ })
      .click();
    if (signedIn) await expectSandboxPage(page);
    else
      await expect(page).toHaveURL(
        /\/m\/login\?next=%2Forders%2Fcreate%3Fpid%3D\d+%26return%3D%252Fm%26cancel%3D%252Fm%26n_from%3Dpromotion_popup%26promotion_id%3D1$/,
      );
    expect(acts).toEqual([1, 2]);
  });
});

test.describe('payment guides', () => {
  test('/m/guide shows the open-in-browser steps and copies a one-time bridge url', async ({ page }, info) => {
    await guest(page, 'guide', info.workerIndex);
    const { data } = (await (
      await page.request.post('/v1/bridge/code', {
        data: { return: '/m/novels/1' },
        headers: { 'x-sig': `guide${Date.now()}`.slice(0, 16).padEnd(16, 'x') },
      })
    ).json()) as { data: { url: string } };
    expect(data.url).toMatch(/^\/bridge\?token=/);
    await page.goto(`/m/guide?url=${encodeURIComponent(data.url)}`);
    await expect(page.getByRole('heading', { name: '请在浏览器中打开' })).toBeVisible();
    await expect(page.getByText('选择「在浏览器打开」')).toBeVisible();
    await expect(page.getByLabel('充值链接')).toHaveValue(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${data.url.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByRole('link', { name: '返回继续阅读' })).toHaveAttribute('href', '/m/novels/1');
    await fitsThePhone(page);
  });

  test('/m/guide refuses a url that is not our bridge', async ({ page }) => {
    await page.goto(`/m/guide?url=${encodeURIComponent('https://evil.example/bridge?token=x')}`);
    await expect(page.getByRole('alert').filter({ hasText: '链接' })).toHaveText('链接无效，请返回重试');
    await expect(page.getByLabel('充值链接')).toHaveCount(0);
  });

  test('/m/miniapp explains paying in the mini-program and links back to reading', async ({ page }) => {
    await page.goto('/m/miniapp?return=%2Fm%2Fnovels%2F1');
    await expect(page.getByRole('heading', { name: '在小程序中继续充值' })).toBeVisible();
    await expect(page.getByRole('link', { name: '返回继续阅读' })).toHaveAttribute('href', '/m/novels/1');
    await fitsThePhone(page);
  });
});
