import { expect, test, type Browser, type Page, type TestInfo } from './helpers/test';
import { newPhonePage } from './helpers/phone-context';

// The novel import (docs/content.md "Import"): an admin makes an editor account; the editor uploads a TXT, merges a
// wrongly detected heading back into its chapter in the preview, saves, and lands on the new novel's edit page.

const STAFF_USERNAME = process.env.E2E_STAFF_USERNAME ?? 'e2e-admin';
const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password';

async function signIn(browser: Browser, info: TestInfo, username: string, password: string): Promise<Page> {
  const page = await newPhonePage(browser, info);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

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
  '第四章 回信',
  '　　他决定当天就回信。',
].join('\n');

test('an editor imports a TXT, fixes one split and saves it as an off-shelf novel', async ({ browser }, info) => {
  test.skip(info.project.name !== 'pixel-7', 'one phone is enough for the console journey');
  const tag = Date.now().toString(36);
  const editorName = `e2e-editor-${tag}`;
  const editorPassword = `editor-password-${tag}`;

  const admin = await signIn(browser, info, STAFF_USERNAME, STAFF_PASSWORD);
  await admin.goto('/admin/staff');
  const create = admin.locator('form', { has: admin.getByRole('button', { name: '新建账号' }) });
  await create.getByLabel('用户名').fill(editorName);
  await create.getByLabel('新密码（10–128 位）').fill(editorPassword);
  await create.getByLabel('角色').selectOption('editor');
  await create.getByRole('button', { name: '新建账号' }).click();
  await expect(admin.getByRole('status')).toHaveText('账号已创建');
  await admin.close();

  const editor = await signIn(browser, info, editorName, editorPassword);
  await editor.getByRole('link', { name: '导入' }).click();
  await expect(editor).toHaveURL(/\/admin\/content\/import$/);
  await editor
    .getByLabel('小说文件（TXT / EPUB）')
    .setInputFiles({ name: 'wugang.txt', mimeType: 'text/plain', buffer: Buffer.from(NOVEL, 'utf8') });
  await editor.getByLabel('书名').fill(`雾港来信 ${tag}`);
  await editor.getByLabel('作者（已有作者按名字匹配，否则新建）').fill('雾港作者');
  await editor.getByRole('button', { name: '上传并解析' }).click();

  await expect(editor).toHaveURL(/\/admin\/content\/import\/\d+/);
  await expect(editor.getByRole('status')).toHaveText('4 章');
  await expect(editor.getByTestId('import-chapter-3').getByLabel(/章节标题/)).toHaveValue('第三章 写在信纸背面');
  await editor.getByTestId('import-chapter-3').getByRole('button', { name: '并入上一章' }).click();
  await expect(editor.getByRole('status')).toHaveText('已合并');
  await expect(editor.getByTestId('import-chapter-3').getByLabel(/章节标题/)).toHaveValue('第四章 回信');
  await expect(editor.getByTestId('import-chapter-2')).toContainText('共 3 行');
  await expect(editor.getByTestId('import-chapter-4')).toHaveCount(0);

  await editor.getByRole('button', { name: '保存为新书' }).click();
  await expect(editor).toHaveURL(/\/admin\/content\/novels\/\d+/);
  const novelId = Number(/novels\/(\d+)/.exec(editor.url())![1]);
  // Off shelf until the edit page publishes it: readers get the off-shelf page.
  await editor.goto(`/m/novels/${novelId}`);
  await expect(editor).toHaveURL(new RegExp(`/m/novels/${novelId}/off`));
  await editor.close();
});
