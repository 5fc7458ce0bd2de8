import { count, eq, sql } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { GET as listProductsRoute } from '@/app/v1/products/route';
import { GET as productRoute } from '@/app/v1/products/[id]/route';
import { GET as myOrders } from '@/app/v1/my/orders/route';
import { POST as notify } from '@/app/v1/pay/notify/sandbox/route';
import { createOrder, getOrderOrThrow } from '@/lib/server/wallet/orders';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { getBalances } from '@/lib/server/wallet/balances';
import { getPeriodState } from '@/lib/server/wallet/vip';
import { ledgerTransactions, products } from '@/lib/server/db/schema';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const productNamed = async (name: string) => (await db.handle().db.select().from(products).where(eq(products.name, name)))[0]!;
const send = (body: unknown) =>
  callRoute(notify, { method: 'POST', url: '/v1/pay/notify/sandbox', body }) as Promise<{ status: number; body: Any }>;

describe('GET /v1/products and /v1/products/{id}', () => {
  it('lists recharge packs and VIP plans with a daily price', async () => {
    const all = (await callRoute(listProductsRoute, { url: '/v1/products' })).body.data as Any[];
    expect(all.some((p) => p.product_type === 'recharge')).toBe(true);
    const vip = (await callRoute(listProductsRoute, { url: '/v1/products?product_type=vip' })).body.data as Any[];
    expect(vip.map((p) => p.name)).toEqual(['包年VIP', '半年VIP', '包月VIP']);
    expect(vip[0]).toMatchObject({ price: 29800, valid_days: 365, daily_price: 82, extra_drama_days: 30 });
    const month = vip[2]!;
    const one = await callRoute(productRoute, { url: `/v1/products/${month.id}`, params: { id: String(month.id) } });
    expect(one.body.data).toMatchObject({ name: '包月VIP' });
  });
  it('refuses a bad type and a missing product', async () => {
    expect((await callRoute(listProductsRoute, { url: '/v1/products?product_type=gold' })).status).toBe(400);
    expect((await callRoute(productRoute, { url: '/v1/products/99999', params: { id: '99999' } })).status).toBe(404);
  });
});

describe('orders and the sandbox payment notification', () => {
  it('credits a recharge with its bonus coins and voucher lot exactly once, however often the notice is replayed', async () => {
    const m = await signedInMember();
    const pack = await productNamed('5000书币');
    const order = await createOrder(m.id, pack.id, { returnUrl: '/m/my', cancelUrl: 'https://evil.example' });
    expect(order).toMatchObject({ status: 'pending', price: 5000, pay_url: `/pay/sandbox/${order.id}`, cancel_url: '/m' });
    const notice = signSandboxNotification(order.id, order.price);
    const results = await Promise.all(Array.from({ length: 50 }, () => send(notice)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.credited)).toHaveLength(1);
    // A second, different notification for the same order is also a replay.
    expect((await send(signSandboxNotification(order.id, order.price))).body.data).toMatchObject({ credited: false, status: 'paid' });
    const balances = await getBalances(m.id);
    expect(balances).toMatchObject({ welth: pack.welth + pack.rewardWelth, welth_coupon: pack.rewardWelthCoupon + pack.extraRewardCoupon });
    expect(balances.voucher_lots).toHaveLength(2);
    expect((await getOrderOrThrow(order.id, m.id)).status).toBe('paid');
    const sums = (await db.handle().db.execute(sql`select sum(amount)::bigint as s from ledger_entries group by currency`)).rows as Array<{
      s: string;
    }>;
    expect(sums.every((r) => Number(r.s) === 0)).toBe(true);
    const mine = (await callRoute(myOrders, { url: '/v1/my/orders', headers: m.auth })).body.data as Any;
    expect(mine.data[0]).toMatchObject({ id: order.id, status: 'paid', paid_at: expect.any(Number) });
  });

  it('VIP periods stack', async () => {
    const m = await signedInMember();
    const month = await productNamed('包月VIP');
    for (let i = 0; i < 2; i++) {
      const order = await createOrder(m.id, month.id, {});
      await send(signSandboxNotification(order.id, order.price));
    }
    const vip = await getPeriodState(m.id, 'vip');
    expect(vip.active).toBe(true);
    const days = (new Date(vip.expires_at!).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(60);
  });

  it('refuses forged signatures, wrong amounts and malformed notices, writing nothing', async () => {
    const m = await signedInMember();
    const order = await createOrder(m.id, (await productNamed('600书币')).id, {});
    const [before] = await db.handle().db.select({ n: count() }).from(ledgerTransactions);
    const good = signSandboxNotification(order.id, order.price);
    expect((await send({ ...good, sig: 'f'.repeat(64) })).status).toBe(403);
    expect((await send({ ...good, amount: 1 })).status).toBe(403);
    const resigned = signSandboxNotification(order.id, 1);
    expect((await send(resigned)).status).toBe(409);
    for (const bad of [
      {},
      { ...good, order_id: 'x' },
      { ...good, amount: -5 },
      { ...good, amount: 1.5 },
      { ...good, status: 'refunded' },
    ]) {
      expect((await send(bad)).status).toBe(400);
    }
    const [after] = await db.handle().db.select({ n: count() }).from(ledgerTransactions);
    expect(after!.n).toBe(before!.n);
    expect(await getBalances(m.id)).toMatchObject({ welth: 0, welth_coupon: 0 });
  });

  it('another member’s order is not found', async () => {
    const a = await signedInMember();
    const b = await signedInMember();
    const order = await createOrder(a.id, (await productNamed('600书币')).id, {});
    await expect(getOrderOrThrow(order.id, b.id)).rejects.toMatchObject({ status: 404 });
  });
});
