import {
  expect,
  request as playwrightRequest,
  test,
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
  onOnePhone,
} from './helpers/test';
import { freshPhone, signInByPhone } from './helpers/wallet';
import { newPhonePage } from './helpers/phone-context';
import { sigHeader } from './helpers/sig';
import { agreedVersions } from './helpers/consent';

// Moderation end to end on both phones (docs/community.md, docs/console.md): a member's long review written in the
// editor is approved by a staff admin in the console and its reward claimed into the voucher records; a member's
// report of another's comment is handled by the staff admin and the resolution arrives in the reporter's messages.
// The staff member works in a context of their own in the same browser, signed in through the console's own form.
// The messaging app signs in through OAuth (accounts.spec.ts); nothing else here depends on the phone.
test.beforeEach(({}, info) => onOnePhone(info));

const STAFF_USERNAME = process.env.E2E_STAFF_USERNAME ?? 'e2e-admin';
const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password';
/** Novel 2: no other spec writes reviews or comments on it, and each journey uses fresh members anyway. */
const NOVEL = 2;

/** The staff admin on a phone of their own: the console sends them to its sign-in form, and back to the dashboard. */
async function staffSignIn(browser: Browser, info: TestInfo): Promise<Page> {
  const staff = await newPhonePage(browser, info);
  await staff.goto('/admin/moderation');
  await expect(staff).toHaveURL(/\/admin\/login$/);
  await staff.getByLabel('用户名').fill(STAFF_USERNAME);
  await staff.getByLabel('密码').fill(STAFF_PASSWORD);
  await staff.getByRole('button', { name: '登录' }).click();
  await expect(staff).toHaveURL(/\/admin$/);
  return staff;
}

/**
 * The queue item `find` picks, on whichever page of the tab it is: the queues list oldest first, 20 a page, and
 * the other journeys running beside this one add to them.
 */
async function findInQueue(staff: Page, find: (page: Page) => Locator): Promise<Locator> {
  for (let pages = 0; pages < 20; pages++) {
    const item = find(staff);
    if ((await item.count()) > 0) return item;
    const next = staff.getByRole('link', { name: '下一页' });
    if ((await next.count()) === 0) break;
    await staff.goto((await next.getAttribute('href'))!);
  }
  throw new Error('the item is not in the moderation queue');
}

/**
 * Opens 我的 and waits for the unread count the page asks for after hydration, so that a missing badge means a
 * count of 0 rather than an answer still on its way. Returns the 消息 row and that count.
 */
async function openMy(page: Page): Promise<{ row: Locator; unread: number }> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/messages/unread_count');
  await page.goto('/m/my');
  const { data } = (await (await answer).json()) as { data: { count: number } };
  const row = page.getByRole('link', { name: /^消息/ });
  await expect(row).toBeVisible();
  return { row, unread: data.count };
}

test('a long review written in the editor: approved in the console, the reward claimed into the voucher records', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}-${Date.now() % 100000}`;
  await signInByPhone(page, freshPhone(info.workerIndex * 10 + 1));

  // The member writes the review in the editor: 1,500 characters and more, not counting the line breaks.
  await page.goto(`/m/novels/${NOVEL}/comment`);
  const box = page.getByRole('textbox', { name: '写长评' });
  await expect(box).toBeVisible();
  await expect(page.getByText('审核通过可获得 500 书券')).toBeVisible();
  const points = ['人物关系层层递进', '情节转折自然可信', '对话鲜活有生气', '环境描写细腻', '主题表达含蓄而有力', '结尾余韵悠长'];
  let review = `【${tag}】读后感\n`;
  for (let i = 0; review.replace(/\s/g, '').length < 1520; i++)
    review += `其${i + 1}：${points[i % points.length]}，第${i + 1}次重读仍有新的体会。\n`;
  await box.fill(review);
  await expect(page.getByText(/已写 \d+ 字 \/ 至少 1500 字/)).not.toContainText('还差');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByRole('status').filter({ hasText: '发送成功' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '长评已提交，等待审核' })).toBeVisible();
  const situation = await page.request.post('/v1/novels/comments/situation', { headers: sigHeader(), data: { novel_id: NOVEL } });
  const { comment_id: reviewId, state } = ((await situation.json()) as { data: { comment_id: number; state: string } }).data;
  expect(state).toBe('pending');

  // The staff admin finds it in the queue of long reviews and opens it: the member now sees it in review.
  const staff = await staffSignIn(browser, info);
  await expect(staff.getByTestId('count-reviews-pending')).not.toHaveText('0');
  await staff.getByRole('link', { name: '审核', exact: true }).click();
  await expect(staff.getByRole('link', { name: /^长评审核/ })).toHaveAttribute('aria-current', 'page');
  const item = await findInQueue(staff, (p) => p.getByTestId(`review-${reviewId}`));
  await expect(item).toContainText(tag);
  await item.getByRole('link', { name: '打开审核' }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/moderation/reviews/${reviewId}$`));
  await expect(staff.getByTestId('review-content')).toContainText(`【${tag}】读后感`);
  await expect(staff.getByText('通过后作者可领取 500 书券')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: '审核中，请耐心等待' })).toBeVisible();

  await staff.getByRole('button', { name: '通过并发放奖励' }).click();
  await expect(staff.getByRole('status')).toHaveText('已通过，作者已收到领取奖励的消息');
  await expect(staff.getByText('已通过', { exact: true })).toBeVisible();
  await staff.context().close();

  // The member reloads the editor page: approved, with the reward to claim — claimed once.
  await page.reload();
  await expect(page.getByRole('heading', { name: '长评审核通过' })).toBeVisible();
  await expect(page.getByText('500 书券', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '领取奖励' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已领取 500 书券' })).toBeVisible();
  await expect(page.getByRole('button', { name: '奖励已领取' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('button', { name: '奖励已领取' })).toBeDisabled();

  // 我的: the vouchers are in the balance and in the records, labelled as the review's reward.
  await openMy(page);
  await expect(page.getByTestId('welth-coupon')).toHaveText('500');
  await page.getByRole('link', { name: '我的书券' }).click();
  await expect(page).toHaveURL(/\/m\/vouchers$/);
  await expect(page.getByTestId('usable-vouchers')).toHaveText('500');
  const lot = page.getByRole('list', { name: '书券' }).getByRole('listitem').filter({ hasText: '书评奖励' });
  await expect(lot).toHaveCount(1);
  await expect(lot).toContainText('500书券');
  await expect(lot).toContainText('剩余500');

  // The approval message: one unread on 我的, listed under 消息, and its link leads back to the review.
  const my = await openMy(page);
  expect(my.unread).toBe(1);
  await expect(my.row.getByLabel('1条未读')).toHaveText('1');
  await my.row.click();
  await expect(page).toHaveURL(/\/m\/messages$/);
  await expect(page.getByText('1条未读')).toBeVisible();
  const message = page.getByRole('list', { name: '消息' }).getByRole('listitem').filter({ hasText: '你的长评已通过审核' });
  await expect(message).toHaveCount(1);
  await expect(message).toContainText('500 书券奖励已可领取');
  await expect(message).toContainText('未读');
  await message.getByRole('link').click();
  await expect(page).toHaveURL(/\/m\/message\/\d+$/);
  await expect(page.getByRole('heading', { name: '你的长评已通过审核' })).toBeVisible();
  await page.getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/m/novels/${NOVEL}/comment$`));
  await expect(page.getByRole('button', { name: '奖励已领取' })).toBeDisabled();

  // Read now: the badge is gone.
  const after = await openMy(page);
  expect(after.unread).toBe(0);
  await expect(after.row.locator('.count-badge')).toHaveCount(0);
});

test('a comment reported from its menu: handled in the console, the resolution arrives in the reporter’s messages', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}-${Date.now() % 100000}`;

  // Member B posts a book comment (through the API).
  const author = await playwrightRequest.newContext({ baseURL });
  const authorPhone = freshPhone(info.workerIndex * 10 + 2);
  expect((await author.post('/v1/sms/code', { headers: sigHeader(), data: { phone: authorPhone } })).ok()).toBe(true);
  const { data: inbox } = (await (await author.get(`/v1/dev/sms?phone=${authorPhone}`)).json()) as { data: { code: string } };
  expect(
    (
      await author.post('/v1/sms/login', {
        headers: sigHeader(),
        data: { phone: authorPhone, code: inbox.code, agreements: await agreedVersions(author) },
      })
    ).ok(),
  ).toBe(true);
  const text = `加我领免费全本 ${tag}`;
  const posted = await author.post('/v1/novels/do_comments', { headers: sigHeader(), data: { novel_id: NOVEL, type: 1, content: text } });
  expect(posted.ok(), await posted.text()).toBe(true);
  const comment = ((await posted.json()) as { data: { id: number; status: string } }).data;
  expect(comment.status).toBe('published');
  await author.dispose();

  // Member A reports it from the comment's ⋯ menu; nothing unread yet.
  await signInByPhone(page, freshPhone(info.workerIndex * 10 + 3));
  const before = await openMy(page);
  expect(before.unread).toBe(0);
  await expect(before.row.locator('.count-badge')).toHaveCount(0);
  await page.goto(`/m/novels/${NOVEL}/comments?order=new`);
  const item = page.locator('li.cm-item').filter({ hasText: text });
  await item.getByRole('button', { name: '更多操作' }).click();
  await item.getByRole('menuitem', { name: '举报' }).click();
  await expect(page).toHaveURL(new RegExp(`/m/report\\?target_type=comment&target_id=${comment.id}$`));
  await expect(page.getByText(`举报对象：评论 #${comment.id}`)).toBeVisible();
  await page.locator('.cm-reasons label').filter({ hasText: '广告引流' }).click();
  await expect(page.getByRole('radio', { name: '广告引流' })).toBeChecked();
  const description = `评论在引流到站外 ${tag}`;
  await page.getByRole('textbox', { name: '问题描述' }).fill(description);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page).toHaveURL(/\/m\/report\/success$/);
  await expect(page.getByRole('status').filter({ hasText: '举报已提交' })).toBeVisible();

  // The staff admin handles it in the reports tab with a resolution the reporter will read.
  const staff = await staffSignIn(browser, info);
  await staff.getByRole('link', { name: '审核', exact: true }).click();
  const reportsTab = staff.getByRole('link', { name: /^举报 \(\d+\)$/ });
  await expect(reportsTab).not.toHaveText('举报 (0)');
  await reportsTab.click();
  await expect(staff).toHaveURL(/\/admin\/moderation\?tab=reports$/);
  const report = await findInQueue(staff, (p) => p.locator('article[data-testid^="report-"]').filter({ hasText: description }));
  await expect(report).toContainText(`评论 #${comment.id}`);
  await expect(report).toContainText(text);
  const reportTestId = (await report.getAttribute('data-testid'))!;
  const resolution = `经核实该评论含站外引流信息，已提醒作者 ${tag}`;
  await report.getByRole('textbox', { name: '处理结果（举报人可见）' }).fill(resolution);
  await report.getByRole('button', { name: '处理', exact: true }).click();
  await expect(staff.getByRole('status')).toHaveText('已处理，举报人已收到结果');
  await expect(staff.getByTestId(reportTestId)).toHaveCount(0);
  await staff.context().close();

  // Member A: one unread on 我的; the message carries the resolution; once read, the badge is gone.
  const my = await openMy(page);
  expect(my.unread).toBe(1);
  await expect(my.row.getByLabel('1条未读')).toHaveText('1');
  await my.row.click();
  await expect(page).toHaveURL(/\/m\/messages$/);
  await expect(page.getByText('1条未读')).toBeVisible();
  const message = page.getByRole('list', { name: '消息' }).getByRole('listitem').filter({ hasText: '你的举报已处理' });
  await expect(message).toHaveCount(1);
  await expect(message).toContainText(resolution);
  await expect(message).toContainText('未读');
  await message.getByRole('link').click();
  await expect(page).toHaveURL(/\/m\/message\/\d+$/);
  await expect(page.getByRole('heading', { name: '你的举报已处理' })).toBeVisible();
  await expect(page.getByText(resolution)).toBeVisible();
  const after = await openMy(page);
  expect(after.unread).toBe(0);
  await expect(after.row.locator('.count-badge')).toHaveCount(0);
});
