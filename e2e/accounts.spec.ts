import { expect, onOnePhone, test, type Page } from './helpers/test';
import { agreedVersions, agreeOnOAuthPage, tickAgreements } from './helpers/consent';
import { sigHeader } from './helpers/sig';

let seq = 0;
// A fresh mainland number per test, so the per-phone limits of one test never touch another.
const freshPhone = (salt: number) => `139${String((Date.now() * 7 + salt * 1000 + ++seq) % 100_000_000).padStart(8, '0')}`;

async function signInBySms(page: Page, phone: string) {
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  const inbox = await page.request.get(`/v1/dev/sms?phone=${phone}`);
  const { data } = (await inbox.json()) as { data: { code: string } };
  await page.getByPlaceholder('请输入验证码').fill(data.code);
  // Unticked, 登录 is refused on the page (docs/agreements.md "Agreeing at sign-in"); nothing is sent.
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '请先阅读并同意《用户协议》和《隐私政策》' })).toBeVisible();
  await expect(page).toHaveURL(/\/m\/login/);
  await tickAgreements(page);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

test.describe('signing in', () => {
  // The messaging app signs in through OAuth (below); the SMS form is the same on every other phone.
  test.beforeEach(({}, info) => onOnePhone(info));

  test('the guard sends /m/my to login; SMS sign-in lands on next; sign-out ends the session', async ({ page }, info) => {
    await page.goto('/m/my');
    await expect(page).toHaveURL(/\/m\/login\?next=%2Fm%2Fmy$/);
    await signInBySms(page, freshPhone(info.workerIndex));
    await expect(page).toHaveURL(/\/m\/my$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^书友\d+$/);
    await expect(page.getByTestId('welth')).toHaveText('0');
    // The consent went with the sign-in: nothing is due, and 我的 links both documents.
    const consent = await page.request.get('/v1/my/consent');
    expect(consent.headers()['x-consent-due']).toBeUndefined();
    expect(((await consent.json()) as { data: { due: string[] } }).data.due).toEqual([]);
    await expect(page.getByRole('link', { name: '隐私政策' })).toHaveAttribute('href', '/m/agreements/privacy');

    // The resend countdown is persisted: it survives a reload of the login page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^书友\d+$/);

    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/m$/);
    await page.goto('/m/my');
    await expect(page).toHaveURL(/\/m\/login\?next=%2Fm%2Fmy$/);
  });

  test('the login form says what is missing, in Chinese', async ({ page }) => {
    await page.goto('/m/login');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('status').filter({ hasText: '请输入手机号' })).toBeVisible();
    await page.getByPlaceholder('请输入手机号').fill('13912345678');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: '请输入验证码' })).toBeVisible();
  });

  test('the server refuses a sign-in without the agreements, whatever the page does', async ({ page }, info) => {
    const device = `e2e-no-consent-${Date.now()}`;
    const bare = await page.request.post('/v1/tourist/login', { headers: sigHeader(), data: { device_id: device } });
    expect(bare.status()).toBe(400);
    expect(((await bare.json()) as { message: string }).message).toBe('请先阅读并同意《用户协议》和《隐私政策》');
    const agreements = await agreedVersions(page.request);
    const old = await page.request.post('/v1/tourist/login', {
      headers: sigHeader(),
      data: { device_id: device, agreements: { ...agreements, privacy: agreements.privacy + 1 } },
    });
    expect(old.status()).toBe(400);
    expect((await page.context().cookies()).some((c) => c.name === 'member_token')).toBe(false);
    // The documents are public pages: readable before signing in.
    await page.goto('/m/agreements/privacy');
    await expect(page.getByRole('heading', { name: '隐私政策', exact: true })).toBeVisible();
    await expect(page.getByText(/第 \d+ 版 · \d{4}-\d{2}-\d{2} 起生效/)).toBeVisible();
    await page.screenshot({ path: info.outputPath('agreement.png') });
    await page.goto('/m/login');
    await expect(page.getByRole('checkbox', { name: /我已阅读并同意/ })).not.toBeChecked();
    await page.screenshot({ path: info.outputPath('login.png') });
  });

  test('guest sign-in, then switching the content language', async ({ page }) => {
    await page.goto('/m/login?next=%2Fm%2Fmy');
    await tickAgreements(page);
    await page.getByRole('button', { name: '游客登录' }).click();
    await expect(page).toHaveURL(/\/m\/my$/);
    await expect(page.getByText(/游客/).first()).toBeVisible();
    // Tap only once the switch has hydrated (React has attached to it).
    await page.waitForFunction(() => Object.keys(document.querySelector('[role=radiogroup]') ?? {}).some((k) => k.startsWith('__react')));
    await page.getByRole('radio', { name: '中文' }).click();
    await expect(page.getByRole('radio', { name: '中文' })).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(page.getByRole('radio', { name: '中文' })).toHaveAttribute('aria-checked', 'true');
  });
});

test.describe('inside the messaging app', () => {
  test.beforeEach(({}, info) => test.skip(info.project.name !== 'wechat', 'messaging-app browser only'));

  // The messaging app's own sign-in (its stand-in, started by scripts/e2e-server.mjs; docs/accounts.md "Third-party sign-in (OAuth)").
  test('home forces sign-in through OAuth and returns to /m', async ({ page }) => {
    await page.goto('/m');
    // The forced sign-in page asks for the agreements first: unticked, nothing leaves for the app.
    await expect(page).toHaveURL(/\/m\/oauth\?next=%2Fm$/);
    await page.getByRole('button', { name: '同意并登录' }).click();
    await expect(page.getByRole('status').filter({ hasText: '请先阅读并同意《用户协议》和《隐私政策》' })).toBeVisible();
    await expect(page).toHaveURL(/\/m\/oauth\?next=%2Fm$/);
    await agreeOnOAuthPage(page);
    await page.getByLabel('昵称').fill(`微信书友${Date.now() % 10000}`);
    await page.getByRole('button', { name: '同意授权' }).click();
    await expect(page).toHaveURL(/\/m$/);
    await expect(page.locator('.novel-card').first()).toBeVisible();
    await page.goto('/m/my');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/微信书友/);
    // The consent was recorded through the messaging app's door.
    expect(((await (await page.request.get('/v1/my/consent')).json()) as { data: { due: string[] } }).data.due).toEqual([]);
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/m\/oauth\?next=/);
    await page.goto('/m/novels/1');
    await expect(page).toHaveURL(/\/m\/oauth\?next=%2Fm%2Fnovels%2F1$/);
  });
});
