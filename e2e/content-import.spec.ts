import { expect, test, ONE_PHONE_ONLY } from './helpers/test';
import { editedNovelId, priceByRange, putOnShelf, readerFindsReadsAndBuys, staffSignIn } from './helpers/console';
import { audioTime, ensurePlaying } from './helpers/listen';
import { signInAsGuest } from './helpers/wallet';

// The whole content journey of the operations console (docs/content.md "Import", "Editing"): an admin makes an editor
// account; the editor uploads a TXT, merges a wrongly detected heading back into its chapter in the preview, saves
// (an off-shelf novel), makes chapters 1–10 free and the rest paid, puts it on shelf; a reader then finds it by
// search, reads chapter 1 and buys chapter 11. Then a publisher's own book heard (docs/content.md "Listening"): an
// imported TXT is voiced by default, and once on shelf a reader's listen page plays it.

const ZH = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四'];
// Fourteen headings, one of them false: thirteen chapters once it is merged back.
const NOVEL = [
  '雾港来信',
  '',
  '第一章 雾起',
  '　　港口的雾一早就起来了。',
  '第二章 来信',
  '　　信是从北方寄来的。',
  // A line of the letter that looks like a heading: the editor merges it back.
  '第三章 写在信纸背面',
  '　　她把信纸翻过来，背面还有一行字。',
  ...ZH.slice(3).flatMap((n, i) => [`第${n}章 雾港${n}`, `　　这是第${i + 4}个标题下的故事，雾还没有散。`]),
].join('\n');
const CHAPTERS = 13;
const PRICE = 20;

test(
  'an editor imports a TXT, fixes one split, prices and publishes it; a reader finds it, reads chapter 1 and buys chapter 11',
  ONE_PHONE_ONLY,
  async ({ browser, page }, info) => {
    // pixel-7', 'one phone is enough for the console journey
    test.setTimeout(240_000);
    const tag = Date.now().toString(36);
    const editorName = `e2e-editor-${tag}`;
    const editorPassword = `editor-password-${tag}`;

    const admin = await staffSignIn(browser, info);
    await admin.goto('/admin/staff');
    const create = admin.locator('form', { has: admin.getByRole('button', { name: '新建账号' }) });
    await create.getByLabel('用户名').fill(editorName);
    await create.getByLabel('新密码（10–128 位）').fill(editorPassword);
    await create.getByLabel('角色').selectOption('editor');
    await create.getByRole('button', { name: '新建账号' }).click();
    await expect(admin.getByRole('status')).toHaveText('账号已创建');
    await admin.close();

    const editor = await staffSignIn(browser, info, editorName, editorPassword);
    await editor.getByRole('link', { name: '导入' }).click();
    await expect(editor).toHaveURL(/\/admin\/content\/import$/);
    await editor
      .getByLabel('小说文件（TXT / EPUB）')
      .setInputFiles({ name: 'wugang.txt', mimeType: 'text/plain', buffer: Buffer.from(NOVEL, 'utf8') });
    const title = `雾港来信 ${tag}`;
    await editor.getByLabel('书名').fill(title);
    await editor.getByLabel('作者（已有作者按名字匹配，否则新建）').fill('雾港作者');
    await editor.getByRole('button', { name: '上传并解析' }).click();

    await expect(editor).toHaveURL(/\/admin\/content\/import\/\d+/);
    await expect(editor.getByRole('status')).toHaveText('14 章');
    await expect(editor.getByTestId('import-chapter-3').getByLabel(/章节标题/)).toHaveValue('第三章 写在信纸背面');
    await editor.getByTestId('import-chapter-3').getByRole('button', { name: '并入上一章' }).click();
    await expect(editor.getByRole('status')).toHaveText('已合并');
    await expect(editor.getByTestId('import-chapter-3').getByLabel(/章节标题/)).toHaveValue('第四章 雾港四');
    await expect(editor.getByTestId('import-chapter-2')).toContainText('共 3 行');
    await expect(editor.getByTestId(`import-chapter-${CHAPTERS}`)).toBeVisible();
    await expect(editor.getByTestId(`import-chapter-${CHAPTERS + 1}`)).toHaveCount(0);

    await editor.getByRole('button', { name: '保存为新书' }).click();
    await expect(editor).toHaveURL(/\/admin\/content\/novels\/\d+/);
    const novelId = editedNovelId(editor);
    // Off shelf until the edit page publishes it: readers get the off-shelf page.
    await page.goto(`/m/novels/${novelId}`);
    await expect(page).toHaveURL(new RegExp(`/m/novels/${novelId}/off`));

    await priceByRange(editor, CHAPTERS, PRICE);
    await putOnShelf(editor, title);
    await editor.close();

    // The reader looks for the title just published (its search text is written with the novel, docs/content.md).
    await readerFindsReadsAndBuys(page, info, { id: novelId, title, keyword: title, price: PRICE });
  },
);

// Three short chapters: enough text for a few seconds of speech each.
const VOICED = [
  '第一章 灯塔',
  '　　灯塔在岬角上亮了一夜。守塔人每隔一个钟头就去看一次灯，再回来写下风向和浪高。',
  '　　天快亮的时候，他听见远处有船鸣了三声笛。',
  '第二章 来船',
  '　　船靠岸时，雾刚散开。',
  '第三章 回程',
  '　　他把日志交给了船长。',
].join('\n');

test(
  'an imported TXT is voiced by default: once on shelf a reader opens its listen page and the audio plays',
  ONE_PHONE_ONLY,
  async ({ browser, page }, info) => {
    // pixel-7', 'one phone is enough for the console journey
    test.setTimeout(240_000);
    const title = `灯塔日志 ${Date.now().toString(36)}`;

    const admin = await staffSignIn(browser, info);
    await admin.goto('/admin/content/import');
    // 听书 is ticked for Chinese; Tibetan has no voice, so the box is disabled and cleared while it is chosen.
    const tts = admin.getByLabel('听书（为章节配音，读者可以收听）');
    await expect(tts).toBeChecked();
    await admin.getByLabel('语言').selectOption('2');
    await expect(tts).toBeDisabled();
    await expect(tts).not.toBeChecked();
    await admin.getByLabel('语言').selectOption('1');
    await expect(tts).toBeEnabled();
    await expect(tts).toBeChecked();
    await admin
      .getByLabel('小说文件（TXT / EPUB）')
      .setInputFiles({ name: 'dengta.txt', mimeType: 'text/plain', buffer: Buffer.from(VOICED, 'utf8') });
    await admin.getByLabel('书名').fill(title);
    await admin.getByLabel('作者（已有作者按名字匹配，否则新建）').fill('守塔人');
    await admin.getByRole('button', { name: '上传并解析' }).click();
    await expect(admin).toHaveURL(/\/admin\/content\/import\/\d+/);
    await expect(admin.getByRole('status')).toHaveText('3 章');
    await expect(admin.getByText('听书：开启')).toBeVisible();

    await admin.getByRole('button', { name: '保存为新书' }).click();
    await expect(admin).toHaveURL(/\/admin\/content\/novels\/\d+/);
    const novelId = editedNovelId(admin);
    await expect(admin.getByTestId('tts-form')).toContainText('听书：开启');
    // Off shelf nothing is voiced yet.
    await expect(admin.getByTestId('audio-1')).toContainText('未配音');
    await putOnShelf(admin, title);
    // On shelf its chapters are queued for voicing: chapter 1 moves on from 未配音 (queued, being voiced or voiced).
    await expect(async () => {
      await admin.reload();
      await expect(admin.getByTestId('audio-1').locator('[data-audio]')).not.toHaveAttribute('data-audio', 'none', { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await admin.close();

    const novel = (await (await page.request.get(`/v1/novels/${novelId}`)).json()) as {
      data: { has_tts: boolean; first_article_id: number };
    };
    expect(novel.data.has_tts).toBe(true);
    await signInAsGuest(page, info, 'import-listen');
    await page.goto(`/m/listen/${novel.data.first_article_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await ensurePlaying(page);
    const started = await audioTime(page);
    await expect.poll(() => audioTime(page), { timeout: 30_000 }).toBeGreaterThan(started + 1);
  },
);
