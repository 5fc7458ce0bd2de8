import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { asc, count, eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { peerHeaders } from '@/test/peer';
import { callRoute } from '@/test/route';
import { getDb } from '@/lib/server/db/client';
import { configFlags, gifts, novels, products, promotions, staffAuditLog } from '@/lib/server/db/schema';
import { loadFlags } from '@/lib/server/config/flags';
import { cachedFlags } from '@/lib/server/config/flags-cache';
import { createMember } from '@/lib/server/accounts/members';
import { credit } from '@/lib/server/wallet/credit';
import { sendTip } from '@/lib/server/wallet/tips';
import { listActivePromotions } from '@/lib/server/wallet/promotions';
import { can } from '@/lib/server/core/roles';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { createGift } from '@/lib/server/staff/selling/gifts';
import { createPromotion, setPromotionPopup } from '@/lib/server/staff/selling/promotions';
import { GET as getPromotions } from '@/app/v1/promotions/route';
import { GET as getGifts } from '@/app/v1/tips/gifts/route';
import SellingPage from '@/app/admin/selling/page';
import { shanghaiLocal } from '@/app/admin/selling/forms';
import { POST as promotionsRoute } from '@/app/admin/actions/selling/promotions/route';
import { POST as giftsRoute } from '@/app/admin/actions/selling/gifts/route';
import type { Promotion } from '@/lib/shared/dto/shop';
import type { GiftDto } from '@/lib/shared/dto/rewards';

// Promotions, the home popup and tip gifts in the selling console (docs/selling.md): admins and editors; every write
// audited with before and after; a scheduled promotion shows only in its window; gift edits reach the tip sheet.
jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'ed', displayName: '编辑小王', role: 'editor' }),
);

useTestDatabase({ seed: true });
const d = () => getDb();
const render = async () => renderToStaticMarkup(await SellingPage({ searchParams: Promise.resolve({}) })).replace(/<!-- -->/g, '');
const auditOf = (action: string) => d().select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(asc(staffAuditLog.id));
const promoCount = async () => (await d().select({ n: count() }).from(promotions))[0]!.n;
const giftCount = async () => (await d().select({ n: count() }).from(gifts))[0]!.n;

const tokens: Record<string, string> = {};
let ipSeq = 0;
let packId = 0;
beforeAll(async () => {
  await loadFlags();
  for (const role of ['admin', 'editor', 'moderator', 'finance'] as const) {
    await createStaffFromCommand(d(), { username: `${role}1`, role, password: `${role}-password-1` });
    tokens[role] = (await staffSignIn({ username: `${role}1`, password: `${role}-password-1`, ip: '10.0.0.9' })).session.token;
  }
  packId = (await d().select().from(products).where(eq(products.name, '3000书币')))[0]!.id;
});

type Route = typeof promotionsRoute;
const post = (route: Route, path: string, fields: Record<string, string>, role = 'editor') =>
  route(
    new NextRequest(`http://localhost/admin/actions/selling/${path}`, {
      method: 'POST',
      body: new URLSearchParams({ back: '/admin/selling', ...fields }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `staff_token=${tokens[role]}`,
        ...peerHeaders(`10.33.0.${++ipSeq}`),
      },
    }),
  );
const flashOf = (res: Response) => {
  const back = new URL(res.headers.get('location') ?? 'http://x/');
  return `${back.pathname} ${back.searchParams.get('ok') ?? ''}${back.searchParams.get('err') ?? ''}`;
};

const HOUR = 3_600_000;
const promoFields = () => ({
  title: '周末充值礼',
  product_id: String(packId),
  popup_bg_image: '/promo/popup-bg.svg',
  popup_button_image: 'https://cdn.example.com/button.png',
  line1_text_color: '#7A1F00',
  line2_text_color: '',
  line3_text_color: '#ffffff',
  valid_days_text_color: '',
  starts_at: shanghaiLocal(new Date(Date.now() + 2 * HOUR)),
  ends_at: shanghaiLocal(new Date(Date.now() + 26 * HOUR)),
  active: 'on',
});
const GIFT = { title: '火箭', thumb: '/gifts/rocket.png', wealth: '88', language_type: '1', sort: '9', active: 'on' };
const served = async () => (await callRoute<Promotion[]>(getPromotions, { url: '/v1/promotions' })).body.data!;
const giftSheet = async (lang = 1) => (await callRoute<GiftDto[]>(getGifts, { url: `/v1/tips/gifts?language_type=${lang}` })).body.data!;

it('is for admins and editors: the permission, the navigation link and the page', async () => {
  expect(can('admin', 'selling')).toBe(true);
  expect(can('editor', 'selling')).toBe(true);
  expect(can('finance', 'selling')).toBe(false);
  expect(can('moderator', 'selling')).toBe(false);
  const html = await render();
  expect(html).toContain('<a href="/admin/selling" aria-current="page">促销与礼物</a>');
  // Editors do not hold `selling:money`: no link to products and coupons.
  expect(html).not.toContain('href="/admin/selling/money"');
  expect(html).toContain('限时充值礼包');
  // The seed already shows its promotion in the popup.
  expect(html).toContain('当前弹窗：限时充值礼包');
  expect(html).toContain('城堡');
});

it('refuses finance staff and moderators on promotions, the popup and gifts, writing nothing', async () => {
  for (const role of ['finance', 'moderator']) {
    const [p, g] = [await promoCount(), await giftCount()];
    expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'create', ...promoFields() }, role))).toBe(
      '/admin 当前角色无权进行此操作',
    );
    expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'popup', id: '1' }, role))).toBe('/admin 当前角色无权进行此操作');
    expect(flashOf(await post(giftsRoute, 'gifts', { op: 'create', ...GIFT }, role))).toBe('/admin 当前角色无权进行此操作');
    expect([await promoCount(), await giftCount()]).toEqual([p, g]);
  }
  await expect(createPromotion({ id: 9, role: 'finance', ip: '' }, promoFields())).rejects.toThrow('无权');
  await expect(createGift({ id: 9, role: 'finance', ip: '' }, GIFT)).rejects.toThrow('无权');
  await expect(setPromotionPopup({ id: 9, role: 'moderator', ip: '' }, null)).rejects.toThrow('无权');
  const [flag] = await d().select().from(configFlags).where(eq(configFlags.key, 'promotion_popup'));
  expect(flag!.value).toEqual({
    promotion_id: 1,
    product_id: (await d().select().from(promotions).where(eq(promotions.id, 1)))[0]!.productId,
  });
});

it('creates a scheduled promotion: audited, and served only inside its window', async () => {
  const fields = promoFields();
  expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'create', ...fields }))).toBe('/admin/selling 已新建「周末充值礼」');
  const [row] = await d().select().from(promotions).where(eq(promotions.title, '周末充值礼'));
  expect(row).toMatchObject({
    productId: packId,
    line1TextColor: '#7a1f00',
    line2TextColor: null,
    popupButtonImage: 'https://cdn.example.com/button.png',
  });
  expect((await auditOf('selling.promotion.create'))[0]).toMatchObject({ targetId: row!.id, detail: { after: { title: '周末充值礼' } } });
  // Minutes are what the form keeps: the window starts on the minute staff typed.
  expect(shanghaiLocal(row!.startsAt)).toBe(fields.starts_at);
  expect((await served()).map((p) => p.id)).not.toContain(row!.id);
  const ids = async (at: Date) => (await listActivePromotions(at)).map((p) => p.id);
  expect(await ids(new Date(row!.startsAt!.getTime() - 1000))).not.toContain(row!.id);
  expect(await ids(new Date(row!.startsAt!.getTime() + 1000))).toContain(row!.id);
  expect(await ids(new Date(row!.endsAt!.getTime() - 1000))).toContain(row!.id);
  expect(await ids(row!.endsAt!)).not.toContain(row!.id);
});

it.each([
  [{ title: '' }, '名称需为'],
  [{ product_id: 'abc' }, '促销需关联'],
  [{ product_id: '999999' }, '促销需关联'],
  [{ popup_bg_image: 'javascript:alert(1)' }, '图片地址'],
  [{ popup_button_image: 'http://plain.example/x.png' }, '图片地址'],
  [{ popup_bg_image: '//evil.example/x.png' }, '图片地址'],
  [{ line1_text_color: 'red' }, '#RRGGBB'],
  [{ starts_at: '2030-02-30T10:00' }, '时间格式'],
  [{ starts_at: '2030-01-02T10:00', ends_at: '2030-01-01T10:00' }, '结束时间需晚于开始时间'],
])('refuses the promotion %j in Chinese and writes nothing', async (fields, message) => {
  const before = await promoCount();
  expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'create', ...promoFields(), ...fields }))).toContain(message);
  expect(await promoCount()).toBe(before);
});

it('refuses a promotion of a product off sale or sold only whole', async () => {
  const [book] = await d().select().from(products).where(eq(products.productType, 'whole_book'));
  const before = await promoCount();
  expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'create', ...promoFields(), product_id: String(book!.id) }))).toContain(
    '促销需关联',
  );
  const [pack] = await d().select().from(products).where(eq(products.name, '600书币'));
  await d().update(products).set({ active: false }).where(eq(products.id, pack!.id));
  expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'create', ...promoFields(), product_id: String(pack!.id) }))).toContain(
    '促销需关联',
  );
  await d().update(products).set({ active: true }).where(eq(products.id, pack!.id));
  expect(await promoCount()).toBe(before);
});

it('edits a promotion with before and after, ends it at once, and switches it off', async () => {
  const [row] = await d().select().from(promotions).where(eq(promotions.title, '周末充值礼'));
  const now = shanghaiLocal(new Date(Date.now() - HOUR));
  const res = await post(promotionsRoute, 'promotions', {
    op: 'update',
    id: String(row!.id),
    ...promoFields(),
    starts_at: now,
    title: '周末充值礼·提前',
  });
  expect(flashOf(res)).toContain('已保存「周末充值礼·提前」');
  expect((await auditOf('selling.promotion.update'))[0]!.detail).toMatchObject({
    before: { title: '周末充值礼' },
    after: { title: '周末充值礼·提前' },
  });
  expect((await served()).find((p) => p.id === row!.id)).toMatchObject({ title: '周末充值礼·提前', product: { id: packId } });
  expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'toggle', id: String(row!.id), active: '0' }))).toContain('已下架');
  expect((await auditOf('selling.promotion.deactivate'))[0]).toMatchObject({ targetId: row!.id });
  expect((await served()).map((p) => p.id)).not.toContain(row!.id);
  expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'update', id: '999999', ...promoFields() }))).toContain('记录不存在');
});

it('sets and clears the home popup: the config flag follows, audited with before and after', async () => {
  const [seeded] = await d().select().from(promotions).where(eq(promotions.title, '限时充值礼包'));
  const seededFlag = { promotion_id: seeded!.id, product_id: seeded!.productId };
  expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'popup' }))).toBe('/admin/selling 首页弹窗已关闭');
  expect(cachedFlags().promotion_popup).toBeNull();
  expect(await d().select().from(configFlags).where(eq(configFlags.key, 'promotion_popup'))).toHaveLength(0);
  expect((await auditOf('selling.popup.set'))[0]!.detail).toEqual({ before: seededFlag, after: null });
  expect(await render()).toContain('当前未设置弹窗');

  expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'popup', id: String(seeded!.id) }))).toBe(
    '/admin/selling 首页弹窗已设为「限时充值礼包」',
  );
  expect(cachedFlags().promotion_popup).toEqual({ promotion_id: seeded!.id, product_id: seeded!.productId });
  expect((await auditOf('selling.popup.set'))[1]!.detail).toEqual({ before: null, after: seededFlag });
  expect(await render()).toContain('当前弹窗：限时充值礼包');

  // A promotion switched off cannot be chosen.
  const [off] = await d().select().from(promotions).where(eq(promotions.title, '周末充值礼·提前'));
  expect(flashOf(await post(promotionsRoute, 'promotions', { op: 'popup', id: String(off!.id) }))).toContain('弹窗需选择一个上架中的促销');
  expect(cachedFlags().promotion_popup?.promotion_id).toBe(seeded!.id);

  // Moving the popup's promotion to another product moves the flag's product with it.
  const [other] = await d().select().from(products).where(eq(products.name, '9800书币'));
  await post(promotionsRoute, 'promotions', {
    op: 'update',
    id: String(seeded!.id),
    ...promoFields(),
    title: '限时充值礼包',
    product_id: String(other!.id),
    starts_at: '',
    ends_at: '',
  });
  expect(cachedFlags().promotion_popup).toEqual({ promotion_id: seeded!.id, product_id: other!.id });

  expect((await auditOf('selling.popup.set')).length).toBe(2);
});

it('creates and edits gifts: the tip sheet shows the change and a tip pays the new price', async () => {
  expect(flashOf(await post(giftsRoute, 'gifts', { op: 'create', ...GIFT }))).toBe('/admin/selling 已新建「火箭」');
  const [row] = await d().select().from(gifts).where(eq(gifts.title, '火箭'));
  expect(row).toMatchObject({ wealth: 88, isFree: false, languageType: 1, active: true });
  expect((await auditOf('selling.gift.create'))[0]).toMatchObject({ targetId: row!.id, detail: { after: { wealth: 88 } } });
  expect((await giftSheet()).find((g) => g.id === row!.id)).toMatchObject({ title: '火箭', wealth: 88 });

  expect(flashOf(await post(giftsRoute, 'gifts', { op: 'update', id: String(row!.id), ...GIFT, wealth: '120' }))).toContain(
    '已保存「火箭」',
  );
  expect((await auditOf('selling.gift.update'))[0]!.detail).toMatchObject({ before: { wealth: 88 }, after: { wealth: 120 } });
  expect((await giftSheet()).find((g) => g.id === row!.id)!.wealth).toBe(120);

  const member = await createMember(d(), {});
  await d().transaction((tx) =>
    credit(tx as never, member.id, {
      kind: 'recharge',
      idempotencyKey: `t:${member.id}`,
      reference: 'test',
      source: 'recharge',
      welth: 1000,
    }),
  );
  const [novel] = await d().select().from(novels).where(eq(novels.languageType, 1)).orderBy(asc(novels.id)).limit(1);
  const tip = await sendTip(member.id, novel!.id, { amount: 2, giftId: row!.id });
  expect(tip).toMatchObject({ gift_wealth: 240, welth: 760 });

  expect(flashOf(await post(giftsRoute, 'gifts', { op: 'toggle', id: String(row!.id), active: '0' }))).toContain('「火箭」已下架');
  expect((await auditOf('selling.gift.deactivate'))[0]).toMatchObject({ targetId: row!.id });
  expect((await giftSheet()).map((g) => g.id)).not.toContain(row!.id);
  await expect(sendTip(member.id, novel!.id, { amount: 1, giftId: row!.id })).rejects.toMatchObject({ status: 400 });
});

it.each([
  [{ title: '' }, '礼物名称'],
  [{ title: '一'.repeat(33) }, '礼物名称'],
  [{ thumb: '' }, '图片地址'],
  [{ thumb: '../../etc/passwd' }, '图片地址'],
  [{ wealth: '-1' }, '价格（书币）'],
  [{ wealth: '0' }, '免费礼物价格须为 0'],
  [{ wealth: '5', is_free: 'on' }, '免费礼物价格须为 0'],
  [{ wealth: '100001' }, '价格（书币）'],
  [{ language_type: '7' }, '选项不正确'],
])('refuses the gift %j in Chinese and writes nothing', async (fields, message) => {
  const before = await giftCount();
  expect(flashOf(await post(giftsRoute, 'gifts', { op: 'create', ...GIFT, ...fields }))).toContain(message);
  expect(await giftCount()).toBe(before);
});
