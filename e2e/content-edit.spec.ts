import { expect, test } from './helpers/test';
import { editedNovelId, putOnShelf, staffSignIn } from './helpers/console';
import { businessDateTimeLocal } from '@/lib/shared/business-time';

// Scheduled chapters (docs/content.md "Scheduled chapters"): the e2e admin (who holds the `content` permission) finds
// the seeded off-shelf novel 待上架的山海新书 in the console, puts it on shelf, and adds a chapter scheduled for the
// next minute at least 20 s ahead; readers do not see it before its time and do after. Pricing by range and the
// reader's search, free chapter and purchase are the import journey's (e2e/content-import.spec.ts).

const TITLE = '待上架的山海新书';

/** Business time "YYYY-MM-DDTHH:mm" for a datetime-local field. */
const shanghai = businessDateTimeLocal;

test('a chapter scheduled ahead stays hidden from readers until its time', async ({ browser, page }, info) => {
  test.skip(info.project.name !== 'pixel-7', 'the console is one server-rendered journey: one phone is enough');
  test.setTimeout(300_000);
  const staff = await staffSignIn(browser, info);

  await staff.getByRole('link', { name: '内容', exact: true }).click();
  await staff.getByLabel('编号、书名或作者').fill(TITLE);
  await staff.getByRole('button', { name: '搜索' }).click();
  await staff.getByRole('link', { name: TITLE }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toContainText(TITLE);
  await putOnShelf(staff, TITLE);
  const nid = editedNovelId(staff);

  // A chapter scheduled ahead: datetime-local holds minutes, so the next minute at least 20 s on. It goes after
  // the last chapter of this book (not a shared fixture other journeys count the chapters of).
  const at = new Date(Date.now() + 20_000);
  at.setSeconds(0, 0);
  at.setMinutes(at.getMinutes() + 1);
  await staff.goto(`/admin/content/novels/${nid}`);
  const form = staff.getByTestId('new-chapter-form');
  const title = `定时章节 ${Date.now()}`;
  await form.getByLabel('章节标题').fill(title);
  await form.getByLabel('正文').fill('这一章到点才出现。\n第二段。');
  await form.getByLabel('定时发布（北京时间，空则立即发布）').fill(shanghai(at));
  await form.getByRole('button', { name: '新增' }).click();
  await expect(staff.getByRole('status')).toHaveText(`已新增章节「${title}」`);

  const latestTitles = async () =>
    (
      (await (await page.request.get(`/v1/novels/${nid}/catalog?order=desc&limit=3`)).json()) as { data: { data: { title: string }[] } }
    ).data.data.map((c) => c.title);
  expect(await latestTitles()).not.toContain(title);
  // After its time and the publishing job's next run (every 30 s, docs/content.md "Scheduled chapters") readers see it.
  await expect.poll(latestTitles, { timeout: 150_000, intervals: [5_000] }).toContain(title);
  await staff.close();
});
