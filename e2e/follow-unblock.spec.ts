import { expect, test, type Browser, type Page, type TestInfo, MESSAGING_APP_ONLY, ONE_PHONE_ONLY } from './helpers/test';
import { freshPhone } from './helpers/wallet';
import { newPhonePage } from './helpers/phone-context';
import { sigHeader } from './helpers/sig';
import { agreedVersions, agreeOnOAuthPage } from './helpers/consent';

// Follow and unblock end to end (docs/members.md): the follow page in the messaging-app browser, and a block set by a
// staff admin in the console, seen by the member on their next page, appealed, lifted by the moderator, and the
// unblock page's way back working again.

const STAFF_USERNAME = process.env.E2E_STAFF_USERNAME ?? 'e2e-admin';
const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password';

async function staffSignIn(browser: Browser, info: TestInfo, start: string): Promise<Page> {
  const staff = await newPhonePage(browser, info);
  await staff.goto(start);
  await expect(staff).toHaveURL(/\/admin\/login$/);
  await staff.getByLabel('用户名').fill(STAFF_USERNAME);
  await staff.getByLabel('密码').fill(STAFF_PASSWORD);
  await staff.getByRole('button', { name: '登录' }).click();
  await expect(staff).toHaveURL(/\/admin$/);
  return staff;
}

test(
  '/follow in the messaging app: Chinese, the QR code, how to follow, and back to the chapter',
  MESSAGING_APP_ONLY,
  async ({ page }, info) => {
    // the follow page is where the messaging app’s follow gate leads
    const novel = (await (await page.request.get('/v1/novels/1')).json()) as { data: { first_article_id: number } };
    const aid = novel.data.first_article_id;
    await page.goto(`/follow?article_id=${aid}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { name: '关注公众号，继续阅读' })).toBeVisible();
    const qr = page.getByRole('img', { name: '书声公众号二维码' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    await expect(page.getByText('在微信中长按上方二维码')).toBeVisible();
    await expect(page.getByRole('link', { name: '去登录' })).toHaveAttribute('href', /^\/m\/oauth\?next=/);
    const back = page.getByRole('link', { name: '返回章节' });
    await expect(back).toHaveAttribute('href', `/m/read/${aid}?nid=1`);
    await page.screenshot({ path: info.outputPath('follow.png'), fullPage: true });
    await back.click();
    // The reader inside the messaging app asks for sign-in first (the agreements, then the messaging app's OAuth, its
    // stand-in here), then lands on the chapter.
    await agreeOnOAuthPage(page);
    await page.getByLabel('昵称').fill(`关注测试${Date.now() % 10000}`);
    await page.getByRole('button', { name: '同意授权' }).click();
    await expect(page).toHaveURL(new RegExp(`/m/read/${aid}\\?nid=1$`));

    // Signed in, with the official account configured (the e2e server's stand-in): "我已关注" asks the app about this
    // member's openid, never declares; the stand-in answers that they do not follow.
    await page.goto(`/follow?article_id=${aid}`);
    await expect(page.getByText('关注状态由工作人员确认', { exact: false })).toHaveCount(0);
    await page.getByRole('button', { name: '我已关注' }).click();
    await expect(page.getByText('还没有查到你的关注，请关注后再试')).toBeVisible();
    await expect(page.getByRole('img', { name: '书声公众号二维码' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('follow-signed-in.png'), fullPage: true });

    await page.goto('/follow?article_id=999999999');
    await expect(page.getByRole('heading', { name: '章节不存在' })).toBeVisible();
    await page.goto('/follow?article_id=%09evil');
    await expect(page.getByRole('heading', { name: '章节不存在' })).toBeVisible();
  },
);

test(
  'blocked in the console → the unblock page with reason and end → appeal → lifted by the moderator → back',
  ONE_PHONE_ONLY,
  async ({ page, browser }, info) => {
    // pixel-7', 'one phone is enough for the console journey
    test.setTimeout(120_000);
    const tag = `e2e-${Date.now() % 100000}`;
    const phone = freshPhone(info.workerIndex * 10 + 7);
    expect((await page.request.post('/v1/sms/code', { headers: sigHeader(), data: { phone } })).ok()).toBe(true);
    const { data: sms } = (await (await page.request.get(`/v1/dev/sms?phone=${phone}`)).json()) as { data: { code: string } };
    const login = await page.request.post('/v1/sms/login', {
      headers: sigHeader(),
      data: { phone, code: sms.code, agreements: await agreedVersions(page.request) },
    });
    const memberId = ((await login.json()) as { data: { member_id: number } }).data.member_id;
    await page.goto('/m/my');
    await expect(page).toHaveURL(/\/m\/my$/);

    // The admin finds the member by phone (shown masked) and blocks them until a day next week.
    const staff = await staffSignIn(browser, info, '/admin/members');
    await staff.goto(`/admin/members?q=${phone}`);
    const detail = staff.getByTestId('member-detail');
    await expect(detail).toContainText(`#${memberId}`);
    await expect(detail).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await expect(detail).not.toContainText(phone);
    const day = new Date(Date.now() + 8 * 3600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
    const form = staff.getByRole('form', { name: '封禁' });
    await form.getByLabel('封禁原因').fill(`发布广告 ${tag}`);
    await form.getByLabel(/解封日期/).fill(day);
    await form.getByRole('button', { name: '封禁' }).click();
    await expect(staff.getByRole('status')).toHaveText('已封禁');
    await expect(staff.getByTestId('member-block-state')).toContainText(`封禁中，至 ${day} 00:00`);

    // The member's next page is the unblock page, with the reason and the end.
    await page.goto('/m/my');
    await expect(page).toHaveURL(/\/embedded\/my\/unblock\?return=%2Fm%2Fmy$/);
    await expect(page.getByRole('heading', { name: '你的账号已被封禁' })).toBeVisible();
    await expect(page.getByTestId('block-reason')).toHaveText(`发布广告 ${tag}`);
    await expect(page.getByTestId('block-end')).toHaveText(`${day} 00:00`);
    await page.screenshot({ path: info.outputPath('unblock.png'), fullPage: true });

    // One appeal.
    await page.getByRole('textbox', { name: '申诉' }).fill(`没有发广告，是误会 ${tag}`);
    await page.getByRole('button', { name: '提交申诉' }).click();
    await expect(page.getByText('申诉已提交，请等待处理')).toBeVisible();
    await page.reload();
    await expect(page.getByText('你的申诉正在处理中，请耐心等待。')).toBeVisible();
    await expect(page.getByRole('button', { name: '提交申诉' })).toHaveCount(0);

    // The moderator (the admin here) lifts it from the 申诉 tab with a reply.
    await staff.goto('/admin/moderation?tab=appeals');
    const item = staff.locator('article', { hasText: `没有发广告，是误会 ${tag}` });
    await expect(item).toBeVisible();
    const lift = item.locator('form').filter({ has: staff.getByRole('button', { name: '解除封禁' }) });
    await lift.getByPlaceholder('回复会员').fill('已核实，解除封禁');
    await lift.getByRole('button', { name: '解除封禁' }).click();
    await expect(staff.getByRole('status')).toHaveText('已解除封禁并回复申诉');

    // The way back works again.
    await page.reload();
    await expect(page.getByText('封禁已解除，可以正常使用了')).toBeVisible();
    await page.getByRole('link', { name: '返回继续' }).click();
    await expect(page).toHaveURL(/\/m\/my$/);
    await staff.close();
  },
);

test('the unblock page: signed out it asks to sign in; a bad return falls back to /m', ONE_PHONE_ONLY, async ({ page }) => {
  // one phone is enough
  await page.goto('/embedded/my/unblock?return=%2F%09%2Fevil.example');
  await expect(page.getByText('登录后可以查看账号状态和提交申诉。')).toBeVisible();
  await expect(page.getByRole('link', { name: '去登录' })).toHaveAttribute(
    'href',
    `/m/login?next=${encodeURIComponent('/embedded/my/unblock?return=%2Fm')}`,
  );
});
