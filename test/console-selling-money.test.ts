import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { and, asc, count, eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { peerHeaders } from '@/test/peer';
import { callRoute } from '@/test/route';
import { getDb } from '@/lib/server/db/client';
import { coupons, memberCoupons, orders, products, staffAuditLog } from '@/lib/server/db/schema';
import { createMember } from '@/lib/server/accounts/members';
import { signedInMember } from '@/test/members';
import { POST as createOrderRoute } from '@/app/(flows)/orders/create/route';
import { can } from '@/lib/server/core/roles';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { createProduct, updateProduct } from '@/lib/server/staff/selling/products';
import { createCoupon } from '@/lib/server/staff/selling/coupons';
import { createOrder } from '@/lib/server/wallet/orders';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { getBalance } from '@/lib/server/wallet/accounts';
import { grantCoupon } from '@/lib/server/wallet/coupons';
import { GET as getProducts } from '@/app/v1/products/route';
import MoneyPage from '@/app/admin/selling/money/page';
import { POST as productsRoute } from '@/app/admin/actions/selling/products/route';
import { POST as couponsRoute } from '@/app/admin/actions/selling/coupons/route';
import type { ProductDto } from '@/lib/shared/dto/shop';

// Products and coupons in the selling console (docs/selling.md): admins and finance only; every write audited with
// before and after; the rules on coins and bonus; orders keep the terms they were opened with.
jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'fin', displayName: '财务小李', role: 'finance' }),
);

useTestDatabase({ seed: true });
const d = () => getDb();
const render = async () => renderToStaticMarkup(await MoneyPage({ searchParams: Promise.resolve({}) })).replace(/<!-- -->/g, '');
const auditOf = (action: string) => d().select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(asc(staffAuditLog.id));
const productCount = async () => (await d().select({ n: count() }).from(products))[0]!.n;
const couponCount = async () => (await d().select({ n: count() }).from(coupons))[0]!.n;

const tokens: Record<string, string> = {};
let ipSeq = 0;
beforeAll(async () => {
  for (const role of ['admin', 'editor', 'moderator', 'finance'] as const) {
    await createStaffFromCommand(d(), { username: `${role}1`, role, password: `${role}-password-1` });
    tokens[role] = (await staffSignIn({ username: `${role}1`, password: `${role}-password-1`, ip: '10.0.0.9' })).session.token;
  }
});

type Route = typeof productsRoute;
const post = (route: Route, path: string, fields: Record<string, string>, role = 'finance') =>
  route(
    new NextRequest(`http://localhost/admin/actions/selling/${path}`, {
      method: 'POST',
      body: new URLSearchParams({ back: '/admin/selling/money', ...fields }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `staff_token=${tokens[role]}`,
        ...peerHeaders(`10.32.0.${++ipSeq}`),
      },
    }),
  );
const flashOf = (res: Response) => {
  const back = new URL(res.headers.get('location') ?? 'http://x/');
  return `${back.pathname} ${back.searchParams.get('ok') ?? ''}${back.searchParams.get('err') ?? ''}`;
};

const PACK = {
  product_type: 'recharge',
  name: '测试充值包',
  price: '12.00',
  welth: '1200',
  reward_welth: '100',
  reward_welth_coupon: '50',
  extra_reward_coupon: '0',
  extra_reward_coupon_valid_days: '7',
  valid_days: '0',
  extra_drama_days: '0',
  daily_quota: '',
  sort: '5',
  active: 'on',
};
const COUPON = { name: '满20减3', threshold_price: '20', discount: '3', valid_days: '7', grant_on: 'manual', sort: '3', active: 'on' };
const rechargeList = async () => (await callRoute<ProductDto[]>(getProducts, { url: '/v1/products?product_type=recharge' })).body.data!;

it('is for admins and finance: the permission, the navigation link and the page', async () => {
  expect(can('admin', 'selling:money')).toBe(true);
  expect(can('finance', 'selling:money')).toBe(true);
  expect(can('editor', 'selling:money')).toBe(false);
  expect(can('moderator', 'selling:money')).toBe(false);
  const html = await render();
  expect(html).toContain('<a href="/admin/selling/money" aria-current="page">商品与优惠券</a>');
  // Finance does not hold `selling`: no link to promotions and gifts.
  expect(html).not.toContain('href="/admin/selling"');
  expect(html).toContain('5000书币');
  expect(html).toContain('<a href="/admin/activity">优惠券商城的库存在「活动」页管理</a>');
  expect(html).not.toMatch(/全本/);
});

it('refuses editors and moderators on products and coupons, writing nothing', async () => {
  for (const role of ['editor', 'moderator']) {
    const [p, c] = [await productCount(), await couponCount()];
    expect(flashOf(await post(productsRoute, 'products', { op: 'create', ...PACK }, role))).toBe('/admin 当前角色无权进行此操作');
    expect(flashOf(await post(couponsRoute, 'coupons', { op: 'create', ...COUPON }, role))).toBe('/admin 当前角色无权进行此操作');
    expect([await productCount(), await couponCount()]).toEqual([p, c]);
  }
  await expect(createProduct({ id: 9, role: 'editor', ip: '' }, PACK)).rejects.toThrow('无权');
  await expect(createCoupon({ id: 9, role: 'editor', ip: '' }, COUPON)).rejects.toThrow('无权');
  expect(await auditOf('selling.product.create')).toHaveLength(0);
});

it('refuses a cross-site post before reading it', async () => {
  const before = await productCount();
  const res = await productsRoute(
    new NextRequest('http://localhost/admin/actions/selling/products', {
      method: 'POST',
      body: new URLSearchParams({ op: 'create', ...PACK }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        cookie: `staff_token=${tokens.admin}`,
      },
    }),
  );
  expect(res.status).toBe(403);
  expect(await productCount()).toBe(before);
});

it('creates a recharge pack: saved in cents, audited, and in the shop on the next request', async () => {
  expect(flashOf(await post(productsRoute, 'products', { op: 'create', ...PACK }))).toBe('/admin/selling/money 已新建「测试充值包」');
  const [row] = await d().select().from(products).where(eq(products.name, '测试充值包'));
  expect(row).toMatchObject({
    productType: 'recharge',
    price: 1200,
    welth: 1200,
    rewardWelth: 100,
    rewardWelthCoupon: 50,
    dailyQuota: null,
    active: true,
  });
  const [audit] = await auditOf('selling.product.create');
  expect(audit).toMatchObject({ targetType: 'product', targetId: row!.id });
  expect(audit!.detail).toMatchObject({ after: { name: '测试充值包', price: 1200, welth: 1200 } });
  expect((await rechargeList()).find((p) => p.id === row!.id)).toMatchObject({ price: 1200, welth: 1200, reward_welth: 100 });
});

it.each([
  [{ price: '-1' }, '价格需在'],
  [{ price: '0' }, '价格需在'],
  [{ price: '1.234' }, '价格需在'],
  [{ price: '99999' }, '价格需在'],
  [{ welth: '1199' }, '充值书币数需在价格'],
  [{ welth: '12001' }, '充值书币数需在价格'],
  [{ reward_welth: '1000', reward_welth_coupon: '300' }, '合计不能超过所购书币数'],
  [{ reward_welth: '-5' }, '赠送书币需为'],
  [{ daily_quota: '0' }, '每日限量'],
  [{ valid_days: '30' }, '不设有效天数'],
  [{ product_type: 'whole_book' }, '选项不正确'],
  [{ name: '' }, '名称需为'],
  [{ product_type: 'vip', welth: '100', reward_welth: '0', reward_welth_coupon: '0', valid_days: '30' }, '只有充值商品'],
  [{ product_type: 'vip', welth: '0', reward_welth: '0', reward_welth_coupon: '0', valid_days: '0' }, '需要有效天数'],
  [
    { product_type: 'vip', welth: '0', reward_welth: '0', reward_welth_coupon: '0', valid_days: '30', extra_drama_days: '31' },
    '不能超过有效天数',
  ],
])('refuses the product %j in Chinese and writes nothing', async (fields, message) => {
  const before = await productCount();
  const audits = (await auditOf('selling.product.create')).length;
  expect(flashOf(await post(productsRoute, 'products', { op: 'create', ...PACK, name: '坏商品', ...fields }))).toContain(message);
  expect(await productCount()).toBe(before);
  expect((await auditOf('selling.product.create')).length).toBe(audits);
});

it('edits with before and after; the type is fixed; whole-book entries are not edited here', async () => {
  const [row] = await d().select().from(products).where(eq(products.name, '测试充值包'));
  const res = await post(productsRoute, 'products', { op: 'update', id: String(row!.id), ...PACK, reward_welth: '300' });
  expect(flashOf(res)).toBe('/admin/selling/money 已保存「测试充值包」');
  const [audit] = await auditOf('selling.product.update');
  expect(audit!.detail).toMatchObject({ before: { rewardWelth: 100 }, after: { rewardWelth: 300 } });
  expect((await rechargeList()).find((p) => p.id === row!.id)!.reward_welth).toBe(300);

  const vipFields = { ...PACK, product_type: 'vip', welth: '0', reward_welth: '0', reward_welth_coupon: '0', valid_days: '30' };
  expect(flashOf(await post(productsRoute, 'products', { op: 'update', id: String(row!.id), ...vipFields }))).toContain(
    '类型创建后不能修改',
  );
  const [book] = await d().select().from(products).where(eq(products.productType, 'whole_book'));
  expect(flashOf(await post(productsRoute, 'products', { op: 'update', id: String(book!.id), ...PACK }))).toContain('整本购买商品');
  expect(flashOf(await post(productsRoute, 'products', { op: 'update', id: '999999', ...PACK }))).toContain('记录不存在');
  expect(flashOf(await post(productsRoute, 'products', { op: 'update', ...PACK }))).toContain('记录不存在');
  expect((await auditOf('selling.product.update')).length).toBe(1);
});

it('an order keeps its price and what it credits when the product is edited before it is paid', async () => {
  const member = await createMember(d(), {});
  const [pack] = await d().select().from(products).where(eq(products.name, '测试充值包'));
  const order = await createOrder(member.id, pack!.id, {});
  expect(order).toMatchObject({ price: 1200, welth: 1200, reward_welth: 300 });
  // Staff raise the price and change the bonus while the order is pending.
  await updateProduct({ id: 1, role: 'admin', ip: '' }, pack!.id, {
    ...PACK,
    price: '15',
    welth: '1500',
    reward_welth: '200',
    reward_welth_coupon: '0',
  });
  const [stored] = await d().select().from(orders).where(eq(orders.id, order.id));
  expect(stored!.price).toBe(1200);
  const before = await getBalance(member.id);
  const paid = await handlePaymentNotification('sandbox', signSandboxNotification(order.id, 1200));
  expect(paid).toMatchObject({ status: 'paid', credited: true });
  const after = await getBalance(member.id);
  // The order's terms: 1200 coins + 300 bonus coins + 50 vouchers, not the edited 1500 + 200 + 0.
  expect(after.welth - before.welth).toBe(1500);
  expect(after.welth_coupon - before.welth_coupon).toBe(50);
  // A new order takes the new terms.
  const next = await createOrder(member.id, pack!.id, {});
  expect(next).toMatchObject({ price: 1500, welth: 1500, reward_welth: 200 });
});

it('deactivates a product: audited, gone from the shop, and a new order for it is refused', async () => {
  const [pack] = await d().select().from(products).where(eq(products.name, '测试充值包'));
  expect(flashOf(await post(productsRoute, 'products', { op: 'toggle', id: String(pack!.id), active: '0' }))).toBe(
    '/admin/selling/money 「测试充值包」已下架',
  );
  expect((await auditOf('selling.product.deactivate'))[0]).toMatchObject({
    targetId: pack!.id,
    detail: { before: { active: true }, after: { active: false } },
  });
  expect((await rechargeList()).map((p) => p.id)).not.toContain(pack!.id);
  const member = await createMember(d(), {});
  await expect(createOrder(member.id, pack!.id, {})).rejects.toMatchObject({ status: 404 });
  // The reader's order form: no order, and no way to the payment page.
  const reader = await signedInMember();
  const ordersBefore = (await d().select({ n: count() }).from(orders))[0]!.n;
  const res = await createOrderRoute(
    new NextRequest('http://localhost/orders/create', {
      method: 'POST',
      body: new URLSearchParams({ pid: String(pack!.id), return: '/m/my' }).toString(),
      headers: { ...reader.auth, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    }),
    { params: Promise.resolve({}) },
  );
  expect(res.status).toBe(303);
  expect(new URL(res.headers.get('location')!).pathname).toBe('/orders/failed');
  expect((await d().select({ n: count() }).from(orders))[0]!.n).toBe(ordersBefore);
  expect(flashOf(await post(productsRoute, 'products', { op: 'toggle', id: String(pack!.id), active: 'x' }))).toContain('选项不正确');
  expect(flashOf(await post(productsRoute, 'products', { op: 'toggle', id: String(pack!.id), active: '1' }))).toContain('已上架');
  expect((await rechargeList()).map((p) => p.id)).toContain(pack!.id);
});

it('creates and edits coupons; a held coupon keeps its terms; bad values are refused', async () => {
  expect(flashOf(await post(couponsRoute, 'coupons', { op: 'create', ...COUPON }))).toBe('/admin/selling/money 已新建「满20减3」');
  const [row] = await d().select().from(coupons).where(eq(coupons.name, '满20减3'));
  expect(row).toMatchObject({ thresholdPrice: 2000, discount: 300, validDays: 7, grantOn: 'manual', active: true, mallStock: null });
  expect((await auditOf('selling.coupon.create'))[0]!.detail).toMatchObject({ after: { discount: 300 } });

  const before = await couponCount();
  for (const [fields, message] of [
    [{ discount: '11' }, '不超过门槛的一半'],
    [{ discount: '0' }, '减免金额'],
    [{ threshold_price: '-20' }, '门槛需在'],
    [{ valid_days: '0' }, '领取后有效天数'],
    [{ valid_days: '365' }, '领取后有效天数'],
    [{ grant_on: 'everyone' }, '选项不正确'],
  ] as const)
    expect(flashOf(await post(couponsRoute, 'coupons', { op: 'create', ...COUPON, name: '坏券', ...fields }))).toContain(message);
  expect(await couponCount()).toBe(before);

  expect(flashOf(await post(couponsRoute, 'coupons', { op: 'update', id: String(row!.id), ...COUPON, discount: '4' }))).toContain('已保存');
  expect((await auditOf('selling.coupon.update'))[0]!.detail).toMatchObject({ before: { discount: 300 }, after: { discount: 400 } });

  const member = await createMember(d(), {});
  await grantCoupon(d(), member.id, row!.id, 'test:1');
  expect(flashOf(await post(couponsRoute, 'coupons', { op: 'update', id: String(row!.id), ...COUPON, discount: '5' }))).toContain(
    '已有会员领取',
  );
  const [held] = await d().select().from(coupons).where(eq(coupons.id, row!.id));
  expect(held!.discount).toBe(400);
  // The name and order may still change.
  expect(
    flashOf(await post(couponsRoute, 'coupons', { op: 'update', id: String(row!.id), ...COUPON, discount: '4', name: '满20减4' })),
  ).toContain('已保存「满20减4」');

  expect(flashOf(await post(couponsRoute, 'coupons', { op: 'toggle', id: String(row!.id), active: '0' }))).toContain('已下架');
  expect((await auditOf('selling.coupon.deactivate'))[0]).toMatchObject({ targetId: row!.id });
  // Switched off: no longer granted.
  const other = await createMember(d(), {});
  expect(await grantCoupon(d(), other.id, row!.id, 'test:2')).toBe(false);
  const [n] = await d()
    .select({ n: count() })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.memberId, other.id), eq(memberCoupons.couponId, row!.id)));
  expect(n!.n).toBe(0);
});
