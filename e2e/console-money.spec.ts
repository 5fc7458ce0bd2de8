import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page, type TestInfo, ONE_PHONE_ONLY } from './helpers/test';
import { newPhonePage } from './helpers/phone-context';
import { payInSandbox, productNamed, signInAsGuest } from './helpers/wallet';
import { businessDayOf } from '@/lib/shared/business-time';

// Refunds end to end (docs/wallet.md "Refunds"): a reader recharges; an admin creates a finance account; finance
// finds the member's recharge order, is told recharges need the override, refunds it with the override and a
// reason; the reader's balance and records show the reversal. Blocks → the unblock page are in follow-unblock.spec.ts.

const STAFF_USERNAME = process.env.E2E_STAFF_USERNAME ?? 'e2e-admin';
const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password';

async function signIn(browser: Browser, info: TestInfo, username: string, password: string): Promise<Page> {
  const staff = await newPhonePage(browser, info);
  await staff.goto('/admin/login');
  await staff.getByLabel('用户名').fill(username);
  await staff.getByLabel('密码').fill(password);
  await staff.getByRole('button', { name: '登录' }).click();
  await expect(staff).toHaveURL(/\/admin$/);
  return staff;
}

test(
  'finance finds a recharge order and refunds it with an override; the reader sees the reversal',
  ONE_PHONE_ONLY,
  async ({ page, browser }, info) => {
    // one phone is enough for the console journey
    test.setTimeout(120_000);
    const pack = await productNamed(page, 'recharge', '3000书币');
    const credited = pack.welth + pack.reward_welth;
    await signInAsGuest(page, info, 'refund');
    await payInSandbox(page, pack.id, '/m/coins');
    await expect(page.getByTestId('coins-balance')).toHaveText(String(credited));
    const profile = (await (await page.request.get('/v1/my/profile')).json()) as { data: { member_id: number } };
    const memberId = profile.data.member_id;

    // The admin opens a finance account (finance holds orders and refunds, not members or moderation).
    const admin = await signIn(browser, info, STAFF_USERNAME, STAFF_PASSWORD);
    const username = `fin${Date.now() % 1_000_000}`;
    await admin.goto('/admin/staff');
    await admin.getByLabel('用户名').fill(username);
    await admin.getByLabel('新密码').first().fill('finance-e2e-password');
    await admin.getByLabel('角色').first().selectOption('finance');
    await admin.getByRole('button', { name: '新建账号' }).click();
    await expect(admin.getByRole('status')).toHaveText('账号已创建');
    await admin.close();

    const finance = await signIn(browser, info, username, 'finance-e2e-password');
    await expect(finance.getByRole('link', { name: '订单' })).toBeVisible();
    await expect(finance.getByRole('link', { name: '审核' })).toHaveCount(0);
    // The dashboard's figures are server-drawn charts with a table of the numbers.
    await expect(finance.getByTestId('daily-figures')).toBeVisible();
    await expect(finance.getByTestId('chart-paidCents')).toBeVisible();

    await finance.goto('/admin/orders');
    await finance.getByLabel('会员编号').fill(String(memberId));
    await finance.getByLabel('状态').selectOption('paid');
    await finance.getByRole('button', { name: '查询' }).click();
    const row = finance.getByTestId('orders-table').getByRole('row').filter({ hasText: '3000书币' });
    await expect(row).toHaveCount(1);
    await row
      .getByRole('link', { name: /^#\d+$/ })
      .first()
      .click();
    await expect(finance.getByTestId('order-status')).toHaveText('已支付');
    await expect(finance.getByTestId('order-notifications')).toContainText('sandbox:');

    // Without the override, a recharge is refused and nothing changes.
    const form = finance.getByRole('form', { name: '退款' });
    await form.getByLabel('退款原因').fill('用户误充，家长申请');
    await form.getByRole('button', { name: '确认退款' }).click();
    await expect(finance.getByRole('alert').filter({ hasText: '特批退款' })).toContainText('特批退款');
    await expect(finance.getByTestId('order-status')).toHaveText('已支付');

    await form.getByLabel('退款原因').fill('用户误充，家长申请');
    await form.getByLabel(/特批退款/).check();
    await form.getByRole('button', { name: '确认退款' }).click();
    await expect(finance.getByRole('status').first()).toHaveText(`已退款 ${pack.price / 100} 元`);
    await expect(finance.getByTestId('order-status')).toHaveText('已退款');
    await expect(finance.getByTestId('order-refund')).toContainText(`收回 ${credited} 书币`);
    await finance.screenshot({ path: info.outputPath('order-refunded.png'), fullPage: true });

    // The reader: coins back to zero, and the reversal among the records.
    await page.goto('/m/coins');
    await expect(page.getByTestId('coins-balance')).toHaveText('0');
    await page.goto('/m/expenses');
    const record = page.getByRole('list', { name: '消费记录' }).getByRole('listitem').first();
    await expect(record).toContainText('充值退款');
    await expect(record).toContainText(`-${credited}书币`);
    await finance.close();
  },
);

// The money report (docs/console.md "Money report") on a 360 px phone: an admin finds today's takings by provider,
// follows a figure to the orders behind it (whose total equals it), and downloads the same figures as a CSV.
test(
  'the money report: a figure leads to its orders, whose total equals it; the CSV downloads for Excel',
  ONE_PHONE_ONLY,
  async ({ page, browser }, info) => {
    // pixel-7', 'one phone is enough for the console journey
    test.setTimeout(120_000);
    const pack = await productNamed(page, 'recharge', '600书币');
    await signInAsGuest(page, info, 'money-report');
    await payInSandbox(page, pack.id, '/m/coins');
    const profile = (await (await page.request.get('/v1/my/profile')).json()) as { data: { member_id: number } };

    const { userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, baseURL } = info.project.use;
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      baseURL,
    });
    const admin = await context.newPage();
    await admin.goto('/admin/login');
    await admin.getByLabel('用户名').fill(STAFF_USERNAME);
    await admin.getByLabel('密码').fill(STAFF_PASSWORD);
    await admin.getByRole('button', { name: '登录' }).click();
    await expect(admin).toHaveURL(/\/admin$/);
    await admin.getByRole('link', { name: '财务', exact: true }).click();
    await admin.getByRole('link', { name: '收支报表' }).click();
    await expect(admin).toHaveURL(/\/admin\/finance\/money$/);
    await expect(admin.getByTestId('money-providers')).toBeVisible();
    // Nothing wider than the phone but the tables' own scrolling boxes.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Today, in the sandbox's column: the reader's payment is among the orders paid.
    const day = businessDayOf(new Date());
    await admin.getByLabel('日期', { exact: true }).fill(day);
    await admin.getByRole('button', { name: '查看当日' }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/finance/money\\?day=${day}$`));
    await admin.screenshot({ path: info.outputPath('money-report.png'), fullPage: true });
    const figure = admin.getByTestId('money-sandbox-paid').getByRole('link');
    const yuan = (await figure.textContent())!.trim();
    expect(Number(yuan)).toBeGreaterThanOrEqual(pack.price / 100);
    await figure.click();
    await expect(admin).toHaveURL(new RegExp(`/admin/orders\\?paid=${day}&provider=sandbox$`));
    await expect(admin.getByTestId('orders-totals')).toContainText(`合计 ${yuan} 元`);
    await expect(admin.getByTestId('orders-table').getByRole('link', { name: `#${profile.data.member_id}`, exact: true })).toBeVisible();
    await expect(admin.getByTestId('order-numbers-note')).toContainText('订单号由数据库按顺序分配，但不保证连续');

    await admin.goBack();
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('money-csv').click()]);
    expect(download.suggestedFilename()).toBe(`shusheng-money-${day}.csv`);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF期间,渠道,项目,笔数,金额（元）,数量\r\n')).toBe(true);
    expect(text).toContain(`${day},沙箱支付（测试）,订单支付,`);
    await context.close();
  },
);
