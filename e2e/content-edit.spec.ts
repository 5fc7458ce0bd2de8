import { crc32, deflateSync } from 'node:zlib';
import { expect, test, ONE_PHONE_ONLY } from './helpers/test';
import { editedNovelId, putOnShelf, staffSignIn } from './helpers/console';
import { businessDateTimeLocal } from '@/lib/shared/business-time';

// Scheduled chapters (docs/content.md "Scheduled chapters"): the e2e admin (who holds the `content` permission) finds
// the seeded off-shelf novel 待上架的山海新书 in the console, puts it on shelf, uploads a cover through the page's file
// input (docs/content.md "Covers": served under a new URL as the image), and adds a chapter scheduled an hour ahead;
// readers do not see it while it waits, moved later or not, and do once it is published now. Pricing by range and the
// reader's search, free chapter and purchase are the import journey's (e2e/content-import.spec.ts).

const TITLE = '待上架的山海新书';

/** A real one-colour PNG (the colour from the clock, so each run's picture, and so its URL, is new). */
function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rgb = [Date.now() % 256, 90, 160];
  const row = Buffer.from([0, ...Array.from({ length: width }, () => rgb).flat()]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** Business time "YYYY-MM-DDTHH:mm" for a datetime-local field. */
const shanghai = businessDateTimeLocal;

test('a chapter scheduled ahead stays hidden from readers until it is published', ONE_PHONE_ONLY, async ({ browser, page }, info) => {
  // the console is one server-rendered journey: one phone is enough
  const staff = await staffSignIn(browser, info);

  await staff.getByRole('link', { name: '内容', exact: true }).click();
  await staff.getByLabel('编号、书名或作者').fill(TITLE);
  await staff.getByRole('button', { name: '搜索' }).click();
  await staff.getByRole('link', { name: TITLE }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toContainText(TITLE);
  await putOnShelf(staff, TITLE);
  const nid = editedNovelId(staff);

  // A cover uploaded on the edit page, then served from its own URL as a PNG.
  const cover = staff.getByTestId('cover-form');
  await cover.getByLabel(/封面图片/).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(120, 160) });
  await cover.getByRole('button', { name: '上传封面' }).click();
  await expect(staff.getByRole('status')).toHaveText(`已更新《${TITLE}》的封面`);
  const src = await staff.getByTestId('cover-image').getAttribute('src');
  expect(src).toMatch(new RegExp(`^/covers/uploaded/${nid}-[0-9a-f]{16}\\.png$`));
  const served = await page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/png');

  // A chapter scheduled an hour ahead. It goes after the last chapter of this book (not a shared fixture other
  // journeys count the chapters of).
  const at = new Date(Date.now() + 3_600_000);
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

  // Moved an hour later still: readers still see nothing, and the chapter keeps its 定时 mark.
  await staff.goto(`/admin/content/novels/${nid}/chapters`);
  await staff.getByRole('link', { name: title }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toContainText('定时');
  await staff
    .getByTestId('schedule-form')
    .getByLabel('定时发布（北京时间，空则立即发布）')
    .fill(shanghai(new Date(at.getTime() + 3_600_000)));
  await staff.getByRole('button', { name: '设置定时' }).click();
  await expect(staff.getByRole('status')).toHaveText(`已设置「${title}」的发布时间`);
  expect(await latestTitles()).not.toContain(title);

  // 立即发布: readers see it at once, through the same cached catalogue. Reaching the time on the server's own clock
  // is the publishing job's, tested with the job's clock in test/content-edit-chapters.test.ts.
  await staff.getByRole('button', { name: '立即发布' }).click();
  await expect(staff.getByRole('status')).toHaveText(`已设置「${title}」的发布时间`);
  await expect(staff.getByRole('heading', { level: 1 })).not.toContainText('定时');
  expect(await latestTitles()).toContain(title);
  await staff.close();
});
