import { and, eq, sql } from 'drizzle-orm';
import { callRoute, freshSig } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as mallRoute } from '@/app/v1/mall/coupons/route';
import { POST as claimRoute } from '@/app/v1/mall/coupons/[id]/claim/route';
import { GET as myCoupons } from '@/app/v1/my/coupons/route';
import { coupons, memberCoupons, products } from '@/lib/server/db/schema';
import { createOrder } from '@/lib/server/wallet/orders';
import type { MallCoupon } from '@/lib/shared/dto/activity';
import { MSG } from '@/lib/shared/messages';
import type { CouponRecord, Paged } from '@/lib/shared/dto/wallet-records';

// The coupon mall (docs/activity-wheel.md "Coupon mall"): one coupon per member while the stock lasts.
const db = useTestDatabase({ seed: true });
const d = () => db.handle().db;
type Auth = Record<string, string>;

const couponNamed = async (name: string) => (await d().select().from(coupons).where(eq(coupons.name, name)))[0]!;
const claim = (auth: Auth, id: number | string, headers: Auth = {}) =>
  callRoute<CouponRecord>(claimRoute, {
    method: 'POST',
    url: `/v1/mall/coupons/${id}/claim`,
    params: { id: String(id) },
    headers: { ...auth, ...headers },
  });
const mall = (auth: Auth = {}) => callRoute<MallCoupon[]>(mallRoute, { url: '/v1/mall/coupons', headers: auth });
const heldBy = async (couponId: number) =>
  (
    await d()
      .select({ n: sql<number>`count(*)::int` })
      .from(memberCoupons)
      .where(eq(memberCoupons.grantKey, `mall:${couponId}`))
  )[0]!.n;

describe('GET /v1/mall/coupons', () => {
  it('offers the mall coupons in order with stock and what is left; the signup coupon is not on offer; claimed false signed out', async () => {
    const res = await mall();
    expect(res.status).toBe(200);
    expect(res.body.data!.map((c) => [c.name, c.threshold_price, c.discount, c.valid_days, c.stock, c.left, c.claimed])).toEqual([
      ['满50减10', 5000, 1000, 7, 500, 500, false],
      ['满98减20', 9800, 2000, 3, 200, 200, false],
    ]);
  });

  it('a coupon staff took off (inactive) leaves the offer', async () => {
    const c = await couponNamed('满98减20');
    await d().update(coupons).set({ active: false }).where(eq(coupons.id, c.id));
    expect((await mall()).body.data!.map((x) => x.name)).toEqual(['满50减10']);
    await d().update(coupons).set({ active: true }).where(eq(coupons.id, c.id));
  });
});

describe('POST /v1/mall/coupons/{id}/claim', () => {
  it('gives the member the coupon: in 我的优惠券, marked claimed in the mall, one fewer left', async () => {
    const m = await signedInMember();
    const c = await couponNamed('满50减10');
    const res = await claim(m.auth, c.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ coupon_id: c.id, name: '满50减10', threshold_price: 5000, discount: 1000, status: 'usable' });
    const expires = Date.parse(res.body.data!.expires_at);
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    const usable = (await callRoute<Paged<CouponRecord>>(myCoupons, { url: '/v1/my/coupons', headers: m.auth })).body.data!.data;
    expect(usable.map((x) => x.id)).toContain(res.body.data!.id);
    const offer = (await mall(m.auth)).body.data!;
    expect(offer.find((x) => x.id === c.id)).toMatchObject({ claimed: true, left: c.mallStock! - c.mallClaimed - 1 });
    expect(offer.find((x) => x.name === '满98减20')).toMatchObject({ claimed: false });
    // Others still see it unclaimed.
    expect((await mall()).body.data!.find((x) => x.id === c.id)!.claimed).toBe(false);
  });

  it('a claimed mall coupon takes its discount off a recharge of enough price, for its owner only', async () => {
    const m = await signedInMember();
    const c = await couponNamed('满50减10');
    const mine = (await claim(m.auth, c.id)).body.data!;
    const [pack] = await d().select().from(products).where(eq(products.name, '5000书币'));
    // Another member cannot put it on their order.
    const other = await signedInMember();
    await expect(createOrder(other.id, pack!.id, { couponId: mine.id })).rejects.toThrow(MSG.couponMissing);
    const order = await createOrder(m.id, pack!.id, { couponId: mine.id });
    expect(order).toMatchObject({ price: 4000, discount: 1000 });
    const [row] = await d().select().from(memberCoupons).where(eq(memberCoupons.id, mine.id));
    expect(row!.usedOrderId).toBe(order.id);
  });

  it('once per member: a second claim is 已经领取过了; a replayed x-sig gets the first answer; nothing more is taken', async () => {
    const m = await signedInMember();
    const c = await couponNamed('满98减20');
    const sig = freshSig();
    const first = await claim(m.auth, c.id, { 'x-sig': sig });
    const replay = await claim(m.auth, c.id, { 'x-sig': sig });
    expect(replay.headers.get('x-idempotent-replay')).toBe('1');
    expect(replay.body.data).toEqual(first.body.data);
    const again = await claim(m.auth, c.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('已经领取过了');
    const [after] = await d().select().from(coupons).where(eq(coupons.id, c.id));
    expect(after!.mallClaimed).toBe(c.mallClaimed + 1);
    const mine = await d()
      .select()
      .from(memberCoupons)
      .where(and(eq(memberCoupons.memberId, m.id), eq(memberCoupons.couponId, c.id)));
    expect(mine).toHaveLength(1);
  });

  it('sold out: 已经领完了 and no coupon is written', async () => {
    const m = await signedInMember();
    const c = await couponNamed('满98减20');
    await d().update(coupons).set({ mallStock: c.mallClaimed }).where(eq(coupons.id, c.id));
    const c2 = await couponNamed('满98减20');
    const res = await claim(m.auth, c.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('已经领完了');
    expect(await d().select().from(memberCoupons).where(eq(memberCoupons.memberId, m.id))).toEqual([]);
    expect((await mall(m.auth)).body.data!.find((x) => x.id === c.id)).toMatchObject({ left: 0, claimed: false });
    expect((await couponNamed('满98减20')).mallClaimed).toBe(c2.mallClaimed);
    await d().update(coupons).set({ mallStock: 200 }).where(eq(coupons.id, c.id));
  });

  it('a coupon not on offer or unknown is 404; a malformed id 400; signed out 90002', async () => {
    const m = await signedInMember();
    const signup = await couponNamed('满30减5');
    for (const id of [signup.id, 999_999]) {
      const res = await claim(m.auth, id);
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/优惠券不存在/);
    }
    expect((await claim(m.auth, 'abc')).status).toBe(400);
    expect((await claim(m.auth, '0')).status).toBe(400);
    const anon = await claim({}, (await couponNamed('满50减10')).id);
    expect(anon.body.code).toBe(90002);
    expect(await d().select().from(memberCoupons).where(eq(memberCoupons.memberId, m.id))).toEqual([]);
  });

  it('3n distinct members racing for n left: exactly n get one, the rest 已经领完了', async () => {
    const n = 4;
    const c = await couponNamed('满50减10');
    await d()
      .update(coupons)
      .set({ mallStock: c.mallClaimed + n })
      .where(eq(coupons.id, c.id));
    const held = await heldBy(c.id);
    const racers = await Promise.all(Array.from({ length: 3 * n }, () => signedInMember()));
    const results = await Promise.all(racers.map((m) => claim(m.auth, c.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(n);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.body.message)).toEqual(Array.from({ length: 2 * n }, () => expect.stringContaining('已经领完了')));
    expect(await heldBy(c.id)).toBe(held + n);
    const after = await couponNamed('满50减10');
    expect(after.mallClaimed).toBe(after.mallStock);
  });
});
