import { expect, request as playwrightRequest, test, ONE_PHONE_ONLY } from './helpers/test';
import { freshPhone } from './helpers/wallet';
import { sigHeader } from './helpers/sig';
import { agreedVersions } from './helpers/consent';

// The staff console journey (docs/console.md): a member writes a long review through the API, a staff admin —
// created by scripts/e2e-server.mjs with `npm run staff:create` from E2E_STAFF_USERNAME / E2E_STAFF_PASSWORD —
// signs in on a phone, finds it in the queue, opens and approves it, and the member's messages show the approval
// with the reward to claim.
const STAFF_USERNAME = process.env.E2E_STAFF_USERNAME ?? 'e2e-admin';
const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password';

test('a staff admin approves a member’s long review and the member is told', ONE_PHONE_ONLY, async ({ page, baseURL }, info) => {
  // the console is one server-rendered journey: one phone is enough
  test.setTimeout(120_000);

  const member = await playwrightRequest.newContext({ baseURL });
  const phone = freshPhone(70 + info.workerIndex);
  expect((await member.post('/v1/sms/code', { headers: sigHeader(), data: { phone } })).ok()).toBe(true);
  const { data: inbox } = (await (await member.get(`/v1/dev/sms?phone=${phone}`)).json()) as { data: { code: string } };
  expect(
    (
      await member.post('/v1/sms/login', {
        headers: sigHeader(),
        data: { phone, code: inbox.code, agreements: await agreedVersions(member) },
      })
    ).ok(),
  ).toBe(true);

  const paragraph = '这部作品的人物塑造非常立体，主角的成长线清晰可信，配角也各有光彩。作者对细节的把握令人印象深刻。';
  const content = Array.from({ length: 40 }, (_, i) => `${i + 1}. ${paragraph}`).join('\n');
  const posted = await member.post('/v1/novels/do_comments', {
    headers: sigHeader(),
    data: { novel_id: 1, type: 1, is_long_comment: 1, content },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  const review = ((await posted.json()) as { data: { id: number; status: string } }).data;
  expect(review.status).toBe('pending');

  // Unsigned: the console sends the browser to its own sign-in form.
  await page.goto('/admin/moderation');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('用户名').fill(STAFF_USERNAME);
  await page.getByLabel('密码').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('count-reviews-pending')).not.toHaveText('0');

  await page.getByRole('link', { name: '审核', exact: true }).click();
  const item = page.getByTestId(`review-${review.id}`);
  await expect(item).toBeVisible();
  await item.getByRole('link', { name: '打开审核' }).click();
  await expect(page.getByTestId('review-content')).toContainText(paragraph);
  await expect(page.getByText('审核中', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '通过并发放奖励' }).click();
  await expect(page.getByRole('status')).toContainText('已通过');
  await expect(page.getByText('已通过', { exact: true })).toBeVisible();

  const messages = (await (await member.get('/v1/messages')).json()) as { data: { data: { kind: string; body: string; link: string }[] } };
  const approved = messages.data.data.find((m) => m.kind === 'review_approved');
  expect(approved).toBeTruthy();
  expect(approved!.body).toContain('领取');
  expect(approved!.link).toBe('/m/novels/1/comment');

  // The audit log shows the approval.
  await page.goto('/admin/audit?action=review.approve');
  await expect(page.getByRole('cell', { name: 'review.approve' }).first()).toBeVisible();

  // Signing out ends the session: the console is closed again.
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
