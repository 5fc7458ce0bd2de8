import { and, count, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as listProductsRoute } from '@/app/v1/products/route';
import { GET as myCoupons } from '@/app/v1/my/coupons/route';
import { GET as couponStatsRoute } from '@/app/v1/my/coupons/stats/route';
import { POST as notify } from '@/app/v1/pay/notify/sandbox/route';
import { cancelOrder, createOrder, expireStaleOrders } from '@/lib/server/wallet/orders';
import { grantCoupon, grantSignupCoupons } from '@/lib/server/wallet/coupons';
import { nextRefill, quotaDay } from '@/lib/server/wallet/quota';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { coupons, memberCoupons, orders, products } from '@/lib/server/db/schema';
import { ORDER_FAILURES, orderFailureFor, type OrderFailure } from '@/lib/shared/order-failure';
import { MSG } from '@/lib/shared/messages';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const productNamed = async (name: string) => (await db.handle().db.select().from(products).where(eq(products.name, name)))[0]!;
const couponNamed = async (name: string) => (await db.handle().db.select().from(coupons).where(eq(coupons.name, name)))[0]!;
const orderCount = async (memberId?: number) =>
  (
    await db
      .handle()
      .db.select({ n: count() })
      .from(orders)
      .where(memberId ? eq(orders.memberId, memberId) : undefined)
  )[0]!.n;
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: number; message: string }) => e,
  );

describe('the 21:00 quota day', () => {
  it('rolls at 21:00 Asia/Shanghai, not at midnight', () => {
    expect(quotaDay(new Date('2026-11-21T12:59:59Z'))).toBe('2026-11-21'); // 20:59:59 in Shanghai
    expect(quotaDay(new Date('2026-11-21T13:00:00Z'))).toBe('2026-11-22'); // 21:00
    expect(quotaDay(new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-22'); // 00:30 next day
    expect(nextRefill(new Date('2026-11-21T12:00:00Z')).toISOString()).toBe('2026-11-21T13:00:00.000Z');
    expect(nextRefill(new Date('2026-11-21T13:00:00Z')).toISOString()).toBe('2026-11-22T13:00:00.000Z');
  });
});

describe('limited-quota products', () => {
  it('n slots and 3n parallel buyers give exactly n orders; the rest hear "come back tomorrow 9pm"', async () => {
    const n = 8;
    const [limited] = await db
      .handle()
      .db.insert(products)
      .values({ productType: 'recharge', name: '测试限量包', price: 100, welth: 100, dailyQuota: n })
      .returning();
    const buyers = await Promise.all(Array.from({ length: 3 * n }, () => signedInMember()));
    const results = await Promise.allSettled(buyers.map((m) => createOrder(m.id, limited!.id, {})));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(n);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.every((r) => r.reason.message === MSG.soldOut)).toBe(true);
    expect((await db.handle().db.select({ n: count() }).from(orders).where(eq(orders.productId, limited!.id)))[0]!.n).toBe(n);
    const listed = ((await callRoute(listProductsRoute, { url: '/v1/products?product_type=recharge' })).body.data as Any[]).find(
      (p) => p.id === limited!.id,
    )!;
    expect(listed).toMatchObject({ quota: { daily: n, left: 0, sold_out: true }, sold_out_text: '今日已售罄，明天21点再来' });
  });

  it('a cancelled or expired order gives its slot back; the next quota day starts full', async () => {
    const [limited] = await db
      .handle()
      .db.insert(products)
      .values({ productType: 'recharge', name: '测试单件包', price: 100, welth: 100, dailyQuota: 1 })
      .returning();
    const [a, b] = [await signedInMember(), await signedInMember()];
    const first = await createOrder(a.id, limited!.id, {});
    expect((await errorOf(createOrder(b.id, limited!.id, {})))?.message).toBe(MSG.soldOut);
    await cancelOrder(first.id, a.id);
    const second = await createOrder(b.id, limited!.id, {});
    expect(await expireStaleOrders(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await db.handle().db.select({ s: orders.status }).from(orders).where(eq(orders.id, second.id)))[0]!.s).toBe('expired');
    await createOrder(a.id, limited!.id, {});
    const tomorrow = new Date(nextRefill(new Date()).getTime() + 1000);
    await expect(createOrder(b.id, limited!.id, {}, tomorrow)).resolves.toMatchObject({ status: 'pending' });
  });
});

describe('coupons', () => {
  it('new members get the signup coupon once; the list and stats show it by status', async () => {
    const m = await signedInMember();
    await Promise.all([grantSignupCoupons(db.handle().db, m.id), grantSignupCoupons(db.handle().db, m.id)]);
    const usable = (await callRoute(myCoupons, { url: '/v1/my/coupons', headers: m.auth })).body.data as Any;
    expect(usable.data).toHaveLength(1);
    expect(usable.data[0]).toMatchObject({ name: '满30减5', threshold_price: 3000, discount: 500, status: 'usable', used_order_id: null });
    expect((await callRoute(couponStatsRoute, { url: '/v1/my/coupons/stats', headers: m.auth })).body.data).toEqual({
      usable: 1,
      used: 0,
      expired: 0,
    });
    const expired = await couponNamed('满98减20');
    await grantCoupon(db.handle().db, m.id, expired.id, 'test:old', new Date(Date.now() - 10 * 86_400_000));
    expect(
      ((await callRoute(myCoupons, { url: '/v1/my/coupons?status=expired', headers: m.auth })).body.data as Any).data[0],
    ).toMatchObject({ name: '满98减20', status: 'expired' });
    expect((await callRoute(couponStatsRoute, { url: '/v1/my/coupons/stats', headers: m.auth })).body.data).toEqual({
      usable: 1,
      used: 0,
      expired: 1,
    });
  });

  it('refuses bad queries and anonymous readers', async () => {
    const m = await signedInMember();
    for (const q of ['status=gold', 'start=-1', 'limit=0', 'limit=1.5', 'start=abc', 'limit=1e20']) {
      const res = await callRoute(myCoupons, { url: `/v1/my/coupons?${q}`, headers: m.auth });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await callRoute(myCoupons, { url: '/v1/my/coupons' })).body.code).toBe(90002);
    expect((await callRoute(couponStatsRoute, { url: '/v1/my/coupons/stats' })).body.code).toBe(90002);
  });

  it('one coupon takes its discount off one recharge above its threshold, and is spent when paid', async () => {
    const m = await signedInMember();
    await grantSignupCoupons(db.handle().db, m.id);
    const [mine] = await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.memberId, m.id));
    const pack = await productNamed('3000书币');
    const order = await createOrder(m.id, pack.id, { couponId: mine!.id });
    expect(order).toMatchObject({ price: 2500, discount: 500 });
    // The same coupon cannot go on a second order while the first is pending.
    expect((await errorOf(createOrder(m.id, pack.id, { couponId: mine!.id })))?.message).toBe(MSG.couponMissing);
    const paid = await callRoute(notify, { method: 'POST', url: '/v1/pay/notify/sandbox', body: signSandboxNotification(order.id, 2500) });
    expect(paid.body.data).toMatchObject({ credited: true });
    expect((await callRoute(couponStatsRoute, { url: '/v1/my/coupons/stats', headers: m.auth })).body.data).toEqual({
      usable: 0,
      used: 1,
      expired: 0,
    });
    const [spent] = await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.id, mine!.id));
    expect(spent).toMatchObject({ usedOrderId: order.id, usedAt: expect.any(Date) });
  });

  it('refuses a coupon below its threshold, on a VIP plan, of another member, or expired — and writes no order', async () => {
    const [m, other] = [await signedInMember(), await signedInMember()];
    await grantSignupCoupons(db.handle().db, m.id);
    await grantSignupCoupons(db.handle().db, other.id);
    const [mine] = await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.memberId, m.id));
    const [theirs] = await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.memberId, other.id));
    const small = await productNamed('600书币');
    const vip = await productNamed('包月VIP');
    const big = await productNamed('3000书币');
    expect((await errorOf(createOrder(m.id, small.id, { couponId: mine!.id })))?.message).toBe(MSG.couponUnusable);
    expect((await errorOf(createOrder(m.id, vip.id, { couponId: mine!.id })))?.message).toBe(MSG.couponUnusable);
    expect((await errorOf(createOrder(m.id, big.id, { couponId: theirs!.id })))?.message).toBe(MSG.couponMissing);
    expect((await errorOf(createOrder(m.id, big.id, { couponId: mine!.id }, new Date(Date.now() + 8 * 86_400_000))))?.message).toBe(
      MSG.couponMissing,
    );
    expect(await orderCount(m.id)).toBe(0);
    expect((await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.id, mine!.id)))[0]!.usedOrderId).toBeNull();
  });

  it('two orders racing for one coupon: one gets it; a cancelled order gives it back', async () => {
    const m = await signedInMember();
    await grantSignupCoupons(db.handle().db, m.id);
    const [mine] = await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.memberId, m.id));
    const pack = await productNamed('3000书币');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => createOrder(m.id, pack.id, { couponId: mine!.id })));
    const won = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof createOrder>>> => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    await cancelOrder(won[0]!.value.id, m.id);
    const usable = await db
      .handle()
      .db.select()
      .from(memberCoupons)
      .where(and(eq(memberCoupons.id, mine!.id)));
    expect(usable[0]!.usedOrderId).toBeNull();
    await expect(createOrder(m.id, pack.id, { couponId: mine!.id })).resolves.toMatchObject({ price: 2500 });
  });

  it('returns to an absolute address only on our own hosts (n_domain of the recharge page)', async () => {
    const m = await signedInMember();
    const pack = await productNamed('600书币');
    const ours = await createOrder(m.id, pack.id, { returnUrl: 'https://read.example/m/read/21?nid=1', ownHosts: ['read.example'] });
    expect(ours.return_url).toBe('https://read.example/m/read/21?nid=1');
    const theirs = await createOrder(m.id, pack.id, {
      returnUrl: 'https://evil.example/',
      cancelUrl: 'https://evil.example/',
      ownHosts: ['read.example'],
    });
    expect([theirs.return_url, theirs.cancel_url]).toEqual(['/m', '/m']);
  });

  it('maps each refusal to our own text for /orders/failed by its typed reason, never by its wording', async () => {
    const m = await signedInMember();
    await grantSignupCoupons(db.handle().db, m.id);
    const [mine] = await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.memberId, m.id));
    const [wholeBook] = await db.handle().db.select().from(products).where(eq(products.productType, 'whole_book')).limit(1);
    const [soldOut] = await db
      .handle()
      .db.insert(products)
      .values({ productType: 'recharge', name: '测试售罄包', price: 100, welth: 100, dailyQuota: 0 })
      .returning();
    const reasons = [];
    const [small, big] = [await productNamed('600书币'), await productNamed('3000书币')];
    for (const attempt of [
      () => createOrder(m.id, soldOut!.id, {}),
      () => createOrder(m.id, small.id, { couponId: mine!.id }),
      () => createOrder(m.id, big.id, { couponId: 999_999 }),
      () => createOrder(m.id, 999_999, {}),
      () => createOrder(m.id, wholeBook!.id, {}),
    ])
      reasons.push(orderFailureFor(((await errorOf(attempt())) as { reason?: OrderFailure } | null)?.reason));
    expect(reasons).toEqual(['sold_out', 'coupon', 'coupon_missing', 'product', 'whole_book']);
    // A refusal without a reason is 'other', and so is a key the page does not know.
    expect(orderFailureFor(undefined)).toBe('other');
    expect(orderFailureFor('<script>' as OrderFailure)).toBe('other');
    expect(ORDER_FAILURES[orderFailureFor(undefined)]).toBe(MSG.orderFailed);
  });
});
