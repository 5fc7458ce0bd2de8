import { expect, test, type Browser, type Page, type TestInfo, ONE_PHONE_ONLY } from './helpers/test';
import { freshPhone, signInByPhone } from './helpers/wallet';
import { newPhonePage } from './helpers/phone-context';

// The selling console end to end (docs/selling.md): an admin adds a recharge pack and a gift, then changes the pack's
// bonus and the gift's price; the reader's recharge page and tip sheet show the new values on their next load. The
// journey works on its own pack and gift (taken off sale at the end), so the seeded ones other specs count on stay as
// they are.

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
  await staff.goto(start);
  return staff;
}

test(
  'staff change a recharge pack’s bonus and a gift’s price; the recharge page and the tip sheet show them',
  ONE_PHONE_ONLY,
  async ({ page, browser }, info) => {
    // pixel-7', 'one phone is enough for the console journey
    test.setTimeout(120_000);
    const tag = String(Date.now() % 100000);
    const pack = `E2E充值包${tag}`;
    const gift = `E2E火箭${tag}`;

    // The pack: ¥7 for 700 coins and 10 bonus coins, then the bonus raised to 70.
    const staff = await staffSignIn(browser, info, '/admin/selling/money');
    const create = staff.locator('h2:text-is("商品") + details');
    await create.locator('summary').click();
    await create.getByLabel('名称').fill(pack);
    await create.getByLabel('价格（元）').fill('7');
    await create.getByLabel('书币', { exact: true }).fill('700');
    await create.getByLabel('赠送书币').fill('10');
    await create.getByRole('button', { name: '新建' }).click();
    await expect(staff.getByRole('status')).toHaveText(`已新建「${pack}」`);
    const packItem = staff.locator('article', { hasText: pack });
    await packItem.locator('summary').click();
    await packItem.getByLabel('赠送书币').fill('70');
    await packItem.getByRole('button', { name: `保存 ${pack}` }).click();
    await expect(staff.getByRole('status')).toHaveText(`已保存「${pack}」`);

    // A refused value says why and changes nothing.
    const again = staff.locator('article', { hasText: pack });
    await again.locator('summary').click();
    await again.getByLabel('赠送书币').fill('5000');
    await again.getByRole('button', { name: `保存 ${pack}` }).click();
    // The flash, not Next's route announcer (also role=alert, present once a client-side navigation happened).
    await expect(staff.getByRole('alert').filter({ hasText: '合计' })).toContainText('合计不能超过所购书币数');

    await signInByPhone(page, freshPhone(info.workerIndex * 10 + 3));
    await page.goto(`/recharge/start?return=${encodeURIComponent('/m/my')}`);
    const card = page.getByRole('list', { name: '充值档位' }).getByRole('listitem').filter({ hasText: pack });
    await expect(card).toContainText('送70书币');

    // The gift: 30 coins, then 40.
    await staff.goto('/admin/selling');
    const newGift = staff.locator('h2:text-is("打赏礼物") + details');
    await newGift.locator('summary').click();
    await newGift.getByLabel('标题').fill(gift);
    await newGift.getByLabel('图片').fill('/gifts/5.svg');
    await newGift.getByLabel('价格（书币）').fill('30');
    await newGift.getByLabel('语言').selectOption('1');
    await newGift.getByRole('button', { name: '新建' }).click();
    await expect(staff.getByRole('status')).toHaveText(`已新建「${gift}」`);
    const giftItem = staff.locator('article', { hasText: gift });
    await giftItem.locator('summary').click();
    await giftItem.getByLabel('价格（书币）').fill('40');
    await giftItem.getByRole('button', { name: `保存 ${gift}` }).click();
    await expect(staff.getByRole('status')).toHaveText(`已保存「${gift}」`);

    const novel = (await (await page.request.get('/v1/novels/1')).json()).data as { first_article_id: number };
    await page.goto(`/m/read/${novel.first_article_id}?nid=1`);
    const tip = page.getByRole('button', { name: '打赏', exact: true });
    await tip.scrollIntoViewIfNeeded();
    await tip.click();
    const sheet = page.getByRole('dialog', { name: '打赏作品' });
    await expect(sheet.getByRole('radio', { name: new RegExp(gift) })).toContainText('40');

    // Both off sale again: the pack leaves the recharge page.
    await staff.goto('/admin/selling');
    await staff.getByRole('button', { name: `下架 ${gift}` }).click();
    await expect(staff.getByRole('status')).toHaveText(`「${gift}」已下架`);
    await staff.goto('/admin/selling/money');
    await staff.getByRole('button', { name: `下架 ${pack}` }).click();
    await expect(staff.getByRole('status')).toHaveText(`「${pack}」已下架`);
    await page.goto(`/recharge/start?return=${encodeURIComponent('/m/my')}`);
    await expect(page.getByRole('list', { name: '充值档位' }).getByRole('listitem').filter({ hasText: pack })).toHaveCount(0);
  },
);
