import { expect, test, type Browser, type Page, type TestInfo, onOnePhone } from './helpers/test';
import { freshPhone, signInByPhone } from './helpers/wallet';
import { newPhonePage } from './helpers/phone-context';
import { layoutShift, watchLayoutShift } from './helpers/layout-shift';

// The community journeys on both phones (docs/community.md): paragraph and chapter comments in the reader
// with a reply and a like, a 1,500-character long review left pending, and a comment reported from its menu.
// Posts by one member are 8 s apart at least (community.comment_interval_s), so the journeys wait where they must.
// The messaging app signs in through OAuth (accounts.spec.ts); nothing else here depends on the phone.
test.beforeEach(({}, info) => onOnePhone(info));

const INTERVAL_MS = 8_500;
/** A free chapter of novel 1 per phone, so the two projects running side by side never count each other's comments. */
const chapterFor = (info: TestInfo) => (info.project.name === 'iphone-13' ? 3 : 4);

/** A member of their own in a new context of the same phone. */
async function member(browser: Browser, info: TestInfo, salt: number): Promise<Page> {
  const page = await newPhonePage(browser, info);
  await signInByPhone(page, freshPhone(info.workerIndex * 10 + salt));
  return page;
}

/** Holds a finger on an element for `ms` (touch events, as a phone sends them). */
async function longPress(page: Page, selector: string, ms = 800): Promise<void> {
  const box = (await page.locator(selector).boundingBox())!;
  const point = { x: box.x + Math.min(40, box.width / 2), y: box.y + 10 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Waits until `ms` have passed since `since` (the server's interval between one member's posts). */
async function waitSince(page: Page, since: number, ms = INTERVAL_MS): Promise<void> {
  const left = since + ms - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

async function send(page: Page, scope: ReturnType<Page['getByRole']>, text: string): Promise<void> {
  await scope.getByRole('textbox').first().fill(text);
  await scope.getByRole('button', { name: '发送' }).click();
  await expect(page.getByRole('status').filter({ hasText: '发送成功' })).toBeVisible();
  await expect(scope.getByText(text)).toBeVisible();
}

test('read a chapter, comment on a paragraph and on the chapter; another reader replies and likes', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  const ch = chapterFor(info);
  const tag = `${info.project.name}-${Date.now() % 100000}`;
  await signInByPhone(page, freshPhone(info.workerIndex * 10 + 1));
  await page.goto(`/m/read/${ch}?nid=1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^第${ch}章`));
  const chapterButton = page.getByRole('button', { name: /^本章说/ });
  await expect(chapterButton).toBeVisible();

  // 段评: a long press on the third paragraph opens its thread (it has no badge yet).
  const paragraphText = (await page.locator('#p2').innerText()).trim();
  const paragraphSheet = page.getByRole('dialog', { name: '段评' });
  // The text is the server's: a press before the reader's island has hydrated meets no handler yet, as on a slow
  // phone, so press again until the sheet answers.
  await expect(async () => {
    await longPress(page, '#p2');
    await expect(paragraphSheet).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(paragraphSheet.getByLabel('原文')).toHaveText(paragraphText);
  await send(page, paragraphSheet, `这一段写得真细 ${tag}`);
  const firstPost = Date.now();
  await paragraphSheet.getByRole('button', { name: '关闭' }).click();
  await expect(page.locator('#p2 .pc-badge')).toHaveAccessibleName('段评 1 条');

  // After a reload the badge comes with the counts, after the text has painted, and moves no line: CLS stays 0.
  await watchLayoutShift(page);
  await page.reload();
  const badge = page.locator('#p2').getByRole('button', { name: '段评 1 条' });
  await expect(badge).toBeVisible();
  await page.waitForTimeout(500);
  expect(await layoutShift(page)).toBe(0);
  // The tap on the badge is the badge's: its thread opens, the reader's bars stay hidden.
  await badge.click();
  await expect(page.getByRole('dialog', { name: '段评' }).getByText(`这一段写得真细 ${tag}`)).toBeVisible();
  await expect(page.locator('.reader')).toHaveAttribute('data-bars', 'hidden');
  await page.getByRole('dialog', { name: '段评' }).getByRole('button', { name: '关闭' }).click();

  // 本章说 at the chapter's end.
  await waitSince(page, firstPost);
  await chapterButton.click();
  const chapterSheet = page.getByRole('dialog', { name: '本章说' });
  const chapterComment = `本章节奏很好 ${tag}`;
  await send(page, chapterSheet, chapterComment);
  await chapterSheet.getByRole('button', { name: '关闭' }).click();
  await expect(chapterButton).toHaveText('本章说 (1)');

  // Another reader of the same chapter replies to it and likes it.
  const other = await member(browser, info, 2);
  await other.goto(`/m/read/${ch}?nid=1`);
  await other.getByRole('button', { name: '本章说 (1)' }).click();
  const theirSheet = other.getByRole('dialog', { name: '本章说' });
  const item = theirSheet.locator('li.cm-item').filter({ hasText: chapterComment });
  await item
    .getByRole('button', { name: /^回复 / })
    .first()
    .click();
  await send(other, theirSheet, `同感 ${tag}`);
  // The comment's own like comes first; its reply thread (now open, with the reply's own like) follows it.
  await item.getByRole('button', { name: '点赞 0' }).first().click();
  await expect(item.getByRole('button', { name: '已赞 1' })).toHaveAttribute('aria-pressed', 'true');
  await other.context().close();

  // The author sees both.
  await page.reload();
  await page.getByRole('button', { name: '本章说 (1)' }).click();
  const mine = page.getByRole('dialog', { name: '本章说' }).locator('li.cm-item').filter({ hasText: chapterComment }).first();
  await expect(mine.getByRole('button', { name: '点赞 1' }).first()).toBeVisible();
  await mine.getByRole('button', { name: '查看1条回复' }).click();
  await expect(mine.getByText(`同感 ${tag}`)).toBeVisible();
});

test('write a 1,500-character long review and see it pending', async ({ page }, info) => {
  test.setTimeout(90_000);
  await signInByPhone(page, freshPhone(info.workerIndex * 10 + 3));
  await page.goto('/m/novels/1/comment');
  const box = page.getByRole('textbox', { name: '写长评' });
  await expect(box).toBeVisible();
  const sentences = ['主角的成长线写得扎实', '配角各有来历', '伏笔在后文一一回收', '文字干净利落', '节奏张弛有度', '世界观自洽'];
  let review = '';
  for (let i = 0; review.replace(/\s/g, '').length < 1500; i++)
    review += `第${i + 1}点：${sentences[i % sentences.length]}，${i}处细节令人印象深刻。\n`;
  await box.fill(review.slice(0, 40));
  await expect(page.getByRole('button', { name: '提交审核' })).toBeDisabled();
  await expect(page.getByText(/还差 \d+ 字/)).toBeVisible();
  await box.fill(review);
  await expect(page.getByText(/已写 \d+ 字 \/ 至少 1500 字/)).not.toContainText('还差');
  // The draft is kept in this browser while writing.
  await page.reload();
  await expect(page.getByRole('textbox', { name: '写长评' })).toHaveValue(review);
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByRole('heading', { name: '长评已提交，等待审核' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: '长评已提交，等待审核' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '写长评' })).toHaveCount(0);
});

test('report a comment from its menu; the report page is prefilled and lands on the success page', async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  const tag = `${info.project.name}-${Date.now() % 100000}`;
  // The novel page leads to the comment area and its write box.
  await signInByPhone(page, freshPhone(info.workerIndex * 10 + 4));
  await page.goto('/m/novels/1');
  await page.getByRole('link', { name: '写评论' }).first().click();
  await expect(page).toHaveURL(/\/m\/novels\/1\/comments#write$/);
  const area = page.locator('#write');
  const text = `这条评论将被举报 ${tag}`;
  await area.getByRole('textbox').fill(text);
  await area.getByRole('button', { name: '发送' }).click();
  await expect(page.getByRole('status').filter({ hasText: '发送成功' })).toBeVisible();

  const reporter = await member(browser, info, 5);
  await reporter.goto('/m/novels/1/comments?order=new');
  await expect(reporter.getByRole('link', { name: '最新' })).toHaveAttribute('aria-current', 'page');
  const item = reporter.locator('li.cm-item').filter({ hasText: text });
  await item.getByRole('button', { name: '更多操作' }).click();
  await item.getByRole('menuitem', { name: '举报' }).click();
  await expect(reporter).toHaveURL(/\/m\/report\?target_type=comment&target_id=\d+$/);
  await expect(reporter.getByText(/举报对象：评论 #\d+/)).toBeVisible();
  // The reasons are chips: the label is what a finger taps.
  await reporter.locator('.cm-reasons label').first().click();
  await expect(reporter.getByRole('radio').first()).toBeChecked();
  await reporter.getByRole('textbox', { name: '问题描述' }).fill('评论里有广告');
  await reporter.getByRole('button', { name: '提交' }).click();
  await expect(reporter).toHaveURL(/\/m\/report\/success$/);
  await expect(reporter.getByRole('status').filter({ hasText: '举报已提交' })).toBeVisible();
  await reporter.context().close();
});

test('我的 has 消息 and 举报反馈, and neither lands on home', async ({ page }, info) => {
  await signInByPhone(page, freshPhone(info.workerIndex * 10 + 6));
  await page.goto('/m/my');
  await page.getByRole('link', { name: '举报反馈' }).click();
  await expect(page).toHaveURL(/\/m\/report$/);
  await expect(page.getByRole('form', { name: '举报反馈' })).toBeVisible();
  await page.goto('/m/my');
  await page.getByRole('link', { name: /^消息/ }).click();
  await expect(page).toHaveURL(/\/m\/messages$/);
  await expect(page.getByRole('button', { name: '全部已读' })).toBeVisible();
});
