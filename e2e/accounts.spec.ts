import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
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

test.describe('cancelling the account (docs/account-cancellation.md)', () => {
  test.beforeEach(({}, info) => onOnePhone(info));

  // One journey: the copy of one's data, then the cancellation, whose own code waits out the per-phone SMS minute since
  // binding (the countdown on the page says when); signing in again (through the
  // local third-party sign-in, which needs no third code within that minute) withdraws the cancellation.
  test('download my data once, cancel with the SMS code, sign in within 15 days and the account is back', async ({ page }, info) => {
    test.setTimeout(180_000);
    const nickname = `注销书友${Date.now() % 100_000}`;
    const phone = freshPhone(info.workerIndex + 50);
    const oauthSignIn = async () => {
      await page.goto('/m/oauth?next=%2Fm%2Fmy');
      // The sign-in page asks for the agreements first (docs/agreements.md "Agreeing at sign-in").
      await tickAgreements(page);
      await page.getByRole('button', { name: '同意并登录' }).click();
      await expect(page).toHaveURL(/\/oauth\/local\/authorize/);
      await page.getByLabel('昵称').fill(nickname);
      await page.getByRole('button', { name: '同意授权' }).click();
    };
    await oauthSignIn();
    await expect(page).toHaveURL(/\/m\/my$/);
    // Bind a phone: cancelling needs one to send its code to.
    const bind = page.locator('form', { hasText: '绑定手机号' });
    await bind.getByPlaceholder('请输入手机号').fill(phone);
    await bind.getByRole('button', { name: '获取验证码' }).click();
    await expect(bind.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
    const code = async () =>
      ((await (await page.request.get(`/v1/dev/sms?phone=${phone}`)).json()) as { data: { code: string } }).data.code;
    await bind.getByPlaceholder('请输入验证码').fill(await code());
    await bind.getByRole('button', { name: '绑定' }).click();
    await expect(page.getByText(`ID`).first()).toContainText(`${phone.slice(0, 3)}`);

    await page.getByRole('link', { name: '设置' }).click();
    await page.getByRole('link', { name: '账号与安全' }).click();
    await expect(page.getByRole('link', { name: /手机号/ })).toContainText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    await page.getByRole('link', { name: '下载我的数据' }).click();
    await page.getByRole('button', { name: '申请下载' }).click();
    await expect(page.getByTestId('export-status')).toHaveText(/生成中|可下载/);
    // Made once the request's answer has gone out: look again until it is ready.
    await expect(async () => {
      await page.getByRole('button', { name: '刷新' }).click();
      await expect(page.getByTestId('export-status')).toHaveText('可下载', { timeout: 2_000 });
    }).toPass({ timeout: 30_000, intervals: [1_000] });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下载文件' }).click()]);
    const zip = unzipSync(readFileSync(await download.path()));
    expect(JSON.parse(strFromU8(zip['profile.json']!))[0]).toMatchObject({ phone, nickname });
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['orders.json', 'ledger.json', 'manifest.json']));
    await expect(page.getByTestId('export-status')).toHaveText('已下载');
    // Once only: asking for the page again offers no link, and another copy only tomorrow.
    await page.reload();
    await expect(page.getByTestId('export-status')).toHaveText('已下载');
    await page.getByRole('button', { name: '申请下载' }).click();
    await expect(page.getByRole('status').filter({ hasText: '每天只能申请一次数据下载，请明天再试' })).toBeVisible();

    await page.goto('/m/my/settings/account/cancel');
    await expect(page.getByRole('heading', { name: '注销后，以下内容将无法找回' })).toBeVisible();
    await expect(page.getByText('充值书币不予退还')).toBeVisible();
    await page.getByRole('button', { name: '确认注销' }).click();
    await expect(page.getByRole('status').filter({ hasText: '请先确认已了解注销的后果' })).toBeVisible();
    await page.getByRole('checkbox').check();
    // The bind's code was sent less than a minute ago: the button comes back when the countdown ends.
    const send = page.getByRole('button', { name: '获取验证码' });
    await expect(send).toBeEnabled({ timeout: 60_000 });
    await send.click();
    await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
    await page.getByPlaceholder('请输入验证码').fill(await code());
    await page.getByRole('button', { name: '确认注销' }).click();
    await expect(page).toHaveURL(/\/m$/);
    await page.goto('/m/my');
    await expect(page).toHaveURL(/\/m\/login\?next=%2Fm%2Fmy$/);

    // Signing in again within the cooling-off withdraws it, and the member is told so.
    await oauthSignIn();
    await expect(page).toHaveURL(/\/m\/my\/settings\/account\?withdrawn=1/);
    await expect(page.getByTestId('cancel-withdrawn')).toHaveText(/已撤销注销申请，欢迎回来/);
    await page.getByRole('link', { name: '继续' }).click();
    await expect(page).toHaveURL(/\/m\/my$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nickname);
  });
});

test.describe('inside the messaging app', () => {
  test.beforeEach(({}, info) => test.skip(info.project.name !== 'wechat', 'messaging-app browser only'));

  // The messaging app's own sign-in (its stand-in, started by scripts/e2e-server.mjs; docs/accounts.md "Third-party sign-in (OAuth)").
  test('home forces sign-in through OAuth and returns to /m', async ({ page }) => {
    await page.goto('/m');
    // The forced sign-in page asks for the agreements first: unticked, nothing leaves for the app.
    await expect(page).toHaveURL(/\/m\/oauth\?next=%2Fm$/);
    // A tap before the page's script ran meets the browser's own refusal (the form's box is required); once it ran, ours.
    await expect(async () => {
      await page.getByRole('button', { name: '同意并登录' }).click();
      await expect(page.getByRole('status').filter({ hasText: '请先阅读并同意《用户协议》和《隐私政策》' })).toBeVisible({
        timeout: 1_000,
      });
    }).toPass();
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
