import { expect, onOnePhone, test, type Page } from './helpers/test';

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

  test('guest sign-in, then switching the content language', async ({ page }) => {
    await page.goto('/m/login?next=%2Fm%2Fmy');
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
    await expect(page).toHaveURL(/\/connect\/oauth2\/authorize\?/);
    await page.getByLabel('昵称').fill(`微信书友${Date.now() % 10000}`);
    await page.getByRole('button', { name: '同意授权' }).click();
    await expect(page).toHaveURL(/\/m$/);
    await expect(page.locator('.novel-card').first()).toBeVisible();
    await page.goto('/m/my');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/微信书友/);
    await page.getByRole('button', { name: '退出登录' }).click();
    // /m/oauth sends itself on to the provider with location.replace: wait for that to land, or it would
    // abort the next navigation.
    await expect(page).toHaveURL(/\/connect\/oauth2\/authorize/);
    await page.goto('/m/novels/1');
    await expect(page).toHaveURL(/\/m\/oauth\?next=%2Fm%2Fnovels%2F1|\/connect\/oauth2\/authorize/);
  });
});
