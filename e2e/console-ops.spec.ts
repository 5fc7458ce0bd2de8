import * as OTPAuth from 'otpauth';
import { expect, test, type Page, ONE_PHONE_ONLY } from './helpers/test';

// Console operations (docs/console.md "Second factor", docs/listening.md "Operations"): an admin creates a member
// of staff; they switch on the second factor with a code computed here from the secret the page shows, sign out,
// sign in with password and code, and re-voice a chapter at /admin/listening. A separate account: enrolling
// e2e-admin would change every other spec's sign-in.

const STAFF_USERNAME = process.env.E2E_STAFF_USERNAME ?? 'e2e-admin';
const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password';
const PERIOD_MS = 30_000;

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

const totp = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

test('a member of staff enrols TOTP, signs in with password and code, and re-voices a chapter', ONE_PHONE_ONLY, async ({ page }, info) => {
  // the console is one server-rendered journey: one phone is enough
  test.setTimeout(150_000);
  const username = `ops-${Date.now().toString(36)}`;
  const password = 'ops-password-123';

  // The admin creates the account.
  await signIn(page, STAFF_USERNAME, STAFF_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/staff');
  const create = page.locator('form', { has: page.locator('input[name="op"][value="create"]') });
  await create.getByLabel('用户名').fill(username);
  await create.getByLabel('新密码（10–128 位）').fill(password);
  await create.getByLabel('角色').selectOption('editor');
  await create.getByRole('button', { name: '新建账号' }).click();
  await expect(page.getByText('账号已创建')).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();

  // The new member enrols.
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: '我的账号' }).click();
  await expect(page.getByTestId('totp-status')).toHaveText('未开启');
  await page.getByRole('button', { name: '开始设置' }).click();
  await expect(page.getByRole('img', { name: '两步验证二维码' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const enrolledAt = Date.now();
  await page.getByLabel('验证码').fill(totp(secret).generate({ timestamp: enrolledAt }));
  await page.getByRole('button', { name: '确认开启' }).click();
  await expect(page.getByText('两步验证已开启')).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('account-totp.png'), fullPage: true });
  await page.getByRole('button', { name: '退出登录' }).click();

  // Password, then the code step. The enrolment's code may not be used again: the code is the next step's, as from a
  // phone whose clock runs a little ahead (one step either side is accepted, lib/server/staff/totp.ts), instead of
  // waiting up to 30 s for that step to come.
  await signIn(page, username, password);
  await expect(page).toHaveURL(/\/admin\/login\?step=code$/);
  const nextStep = (Math.floor(enrolledAt / PERIOD_MS) + 1) * PERIOD_MS;
  await page.getByLabel(/验证码/).fill(totp(secret).generate({ timestamp: Math.max(nextStep, Date.now()) }));
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Re-voice the first chapter of a voiced novel.
  const novel = (await (await page.request.get('/v1/novels/1')).json()) as { data: { first_article_id: number } };
  await page.getByRole('link', { name: '听书' }).click();
  await expect(page.getByRole('heading', { name: '听书运维' })).toBeVisible();
  const revoice = page.locator('form', { has: page.locator('input[name="op"][value="revoice_chapter"]') });
  // The chapter may still be synthesizing (the server voices it after start-up); the console refuses then with
  // 该章节正在合成，请稍后再试, so ask again until the synthesis is over and the re-voice is taken.
  await expect(async () => {
    await revoice.getByLabel('重新配音一章（章节编号）').fill(String(novel.data.first_article_id));
    await revoice.getByRole('button', { name: '重新配音' }).click();
    await expect(page.getByText('已删除旧音频并排队重新合成 1 章')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 5_000] });
  await expect(page.getByTestId('audio-usage')).toBeVisible();
  await page.screenshot({ path: info.outputPath('listening-ops.png'), fullPage: true });
});
