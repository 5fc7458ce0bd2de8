import { expect, test, type Browser, type Page, type TestInfo, ONE_PHONE_ONLY } from './helpers/test';
import { newPhonePage } from './helpers/phone-context';

// The storefront console end to end (docs/storefront.md): an admin creates an editor; the editor adds a search hot
// word and retitles the first slide of the 男生 channel's carousel; a reader's search page and home show both on
// their next request — no restart, no manual cache call.

const STAFF_USERNAME = process.env.E2E_STAFF_USERNAME ?? 'e2e-admin';
const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'e2e-staff-password';

async function signIn(browser: Browser, info: TestInfo, username: string, password: string): Promise<Page> {
  const staff = await newPhonePage(browser, info);
  await staff.goto('/admin');
  await expect(staff).toHaveURL(/\/admin\/login$/);
  await staff.getByLabel('用户名').fill(username);
  await staff.getByLabel('密码').fill(password);
  await staff.getByRole('button', { name: '登录' }).click();
  await expect(staff).toHaveURL(/\/admin$/);
  return staff;
}

test('an editor changes a hot word and a home carousel slide; the reader sees both', ONE_PHONE_ONLY, async ({ browser, page }, info) => {
  // one phone is enough for the console journey
  const tag = `${Date.now() % 1_000_000}`;
  const editorName = `e2e-editor-${tag}`;
  const editorPassword = `editor-password-${tag}`;

  const admin = await signIn(browser, info, STAFF_USERNAME, STAFF_PASSWORD);
  await admin.goto('/admin/staff');
  await admin.getByLabel('用户名').fill(editorName);
  await admin.getByLabel('新密码（10–128 位）').first().fill(editorPassword);
  await admin.getByLabel('角色').first().selectOption({ label: '编辑' });
  await admin.getByRole('button', { name: '新建账号' }).click();
  await expect(admin.getByRole('status')).toContainText('账号已创建');

  const editor = await signIn(browser, info, editorName, editorPassword);
  await editor.getByRole('link', { name: '店面' }).first().click();
  await expect(editor).toHaveURL(/\/admin\/storefront$/);

  // A hot word, weighted to the top of the Chinese list.
  const word = `编辑热词${tag}`;
  await editor.goto('/admin/storefront/hotwords?lang=1');
  await editor.getByLabel('热词', { exact: true }).fill(word);
  await editor.getByLabel('加权').first().fill('100000');
  await editor.getByRole('button', { name: '添加热词' }).click();
  await expect(editor.getByRole('status')).toHaveText(`已添加热词「${word}」`);
  await page.goto('/m/search?lang=1');
  await expect(page.getByRole('link', { name: word })).toBeVisible();

  // The 男生 channel's own carousel: its first slide gets a new title.
  const title = `编辑轮播${tag}`;
  await editor.goto('/admin/storefront/carousels?lang=1');
  await editor.getByRole('link', { name: '男生轮播' }).click();
  const slide = editor.locator('[data-testid^="slide-"]').first();
  await slide.locator('summary').click();
  await slide.getByLabel('标题', { exact: true }).fill(title);
  // The edit form is the one inside the slide's <details>; the slide's other forms are 上移 / 下移 / 删除.
  await slide.locator('details form button[type="submit"]').click();
  await expect(editor.getByRole('status')).toHaveText(`已保存「${title}」`);
  await editor.screenshot({ path: info.outputPath('storefront-carousel.png'), fullPage: true });

  await page.goto('/m?gender=1&lang=1');
  await expect(page.locator(`.carousel-item img[alt="${title}"]`)).toHaveCount(1);
  await page.screenshot({ path: info.outputPath('home-after.png') });
});
