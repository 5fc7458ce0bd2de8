// Issue 12: an order is paid only from pending. Payments for cancelled or expired orders, and payments that fail
// the checks at fulfilment (minors' caps, coupon, limited slot), are recorded and flagged for refund, never
// fulfilled; a member holds one pending order per limited product. Each case replays the attack that found it.
import { and, count, eq } from 'drizzle-orm';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as notify } from '@/app/v1/pay/notify/sandbox/route';
import { GET as refundsRoute } from '@/app/v1/admin/orders/refunds/route';
import { cancelOrder, createOrder, expireStaleOrders } from '@/lib/server/wallet/orders';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { getBalance } from '@/lib/server/wallet/accounts';
import { getPeriodState } from '@/lib/server/wallet/vip';
import { grantSignupCoupons } from '@/lib/server/wallet/coupons';
import { quotaStates } from '@/lib/server/wallet/quota';
import { auditLedger } from '@/lib/server/wallet/audit';
import { declareBirthDate, recordGuardianConsent } from '@/lib/server/wallet/minors';
import { guardianConsents, memberCoupons, orders, paymentExceptions, productQuotaDays, products } from '@/lib/server/db/schema';
import { MSG } from '@/lib/shared/messages';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const productNamed = async (name: string) => (await db.handle().db.select().from(products).where(eq(products.name, name)))[0]!;
const send = (body: unknown) =>
  callRoute(notify, { method: 'POST', url: '/v1/pay/notify/sandbox', body }) as Promise<{ status: number; body: Any }>;
const pay = async (order: { id: number; price: number }) => (await send(signSandboxNotification(order.id, order.price))).body.data as Any;
const statusOf = async (id: number) => (await db.handle().db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
const exceptionsOf = (orderId: number) => db.handle().db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, orderId));
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: number; message: string; reason?: string; data?: Any }) => e,
  );
const years = (n: number) => new Date(Date.now() - n * 365.25 * 86_400_000 - 86_400_000).toISOString().slice(0, 10);

async function teenWithConsent() {
  const teen = await signedInMember();
  await declareBirthDate(teen.id, years(13)); // ¥50 a time, ¥200 a month
  await recordGuardianConsent(teen.id, { guardian_name: '李四', guardian_phone: '13800000001', relation: 'parent' });
  return teen;
}

describe('a payment for an order that is no longer pending', () => {
  it('cancelled: recorded once with its amount and reference, flagged for refund, nothing granted', async () => {
    const m = await signedInMember();
    const pack = await productNamed('5000书币');
    const order = await createOrder(m.id, pack.id, {});
    await cancelOrder(order.id, m.id);
    const notice = signSandboxNotification(order.id, order.price);
    const another = signSandboxNotification(order.id, order.price);
    const answers = await Promise.all([send(notice), send(notice), send(another)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.data)).toEqual(
      Array(3).fill({ order_id: order.id, status: 'cancelled', credited: false, refund_due: true }),
    );
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
    expect(await statusOf(order.id)).toBe('cancelled');
    const flagged = await exceptionsOf(order.id);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({
      amount: 5000,
      provider: 'sandbox',
      reason: 'order_cancelled',
      orderStatus: 'cancelled',
      refundStatus: 'due',
    });
    expect([notice.notification_id, another.notification_id]).toContain(flagged[0]!.providerRef);
  });

  it('expired: a VIP plan paid after its order expired gives no VIP', async () => {
    const m = await signedInMember();
    const order = await createOrder(m.id, (await productNamed('包月VIP')).id, {});
    expect(await expireStaleOrders(new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await pay(order)).toMatchObject({ status: 'expired', credited: false, refund_due: true });
    expect((await getPeriodState(m.id, 'vip')).active).toBe(false);
    expect(await exceptionsOf(order.id)).toEqual([expect.objectContaining({ reason: 'order_expired', amount: order.price })]);
  });

  it('staff see the payments due a refund behind the admin token', async () => {
    process.env.ADMIN_TOKEN = 'admin-secret-token';
    const m = await signedInMember();
    const order = await createOrder(m.id, (await productNamed('600书币')).id, {});
    await cancelOrder(order.id, m.id);
    await pay(order);
    const listed = await callRoute<Any>(refundsRoute, {
      url: '/v1/admin/orders/refunds?limit=5',
      headers: { 'x-admin-token': 'admin-secret-token' },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data!.data[0]).toMatchObject({
      order_id: order.id,
      member_id: m.id,
      amount: 600,
      reason: 'order_cancelled',
      refund_status: 'due',
      provider: 'sandbox',
    });
    const refused = await callRoute<Any>(refundsRoute, {
      url: '/v1/admin/orders/refunds',
      headers: { 'x-admin-token': 'wrong-token-value!' },
    });
    expect([refused.status, refused.body.code]).toEqual([403, 40300]);
    expect(
      (await callRoute<Any>(refundsRoute, { url: '/v1/admin/orders/refunds?limit=0', headers: { 'x-admin-token': 'admin-secret-token' } }))
        .status,
    ).toBe(400);
  });

  it('a minor cannot pass the monthly cap by cancel-then-approve (6 × ¥50 on a ¥200 cap)', async () => {
    const teen = await teenWithConsent();
    const pack = await productNamed('5000书币');
    for (let i = 0; i < 6; i++) {
      const order = await createOrder(teen.id, pack.id, {});
      await cancelOrder(order.id, teen.id);
      expect(await pay(order)).toMatchObject({ credited: false, refund_due: true });
    }
    expect(await getBalance(teen.id)).toEqual({ welth: 0, welth_coupon: 0 });
    expect(
      (
        await db
          .handle()
          .db.select({ n: count() })
          .from(orders)
          .where(and(eq(orders.memberId, teen.id), eq(orders.status, 'paid')))
      )[0]!.n,
    ).toBe(0);
  });

  it('one coupon is spent once: the cancelled order that gave it back is never paid with it', async () => {
    const m = await signedInMember();
    await grantSignupCoupons(db.handle().db, m.id);
    const [coupon] = await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.memberId, m.id));
    const pack = await productNamed('3000书币');
    const first = await createOrder(m.id, pack.id, { couponId: coupon!.id });
    await cancelOrder(first.id, m.id);
    const second = await createOrder(m.id, pack.id, { couponId: coupon!.id });
    expect(await pay(second)).toMatchObject({ credited: true });
    expect(await pay(first)).toMatchObject({ status: 'cancelled', credited: false, refund_due: true });
    expect(await getBalance(m.id)).toEqual({ welth: pack.welth + pack.rewardWelth, welth_coupon: 0 });
    const [spent] = await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.id, coupon!.id));
    expect(spent).toMatchObject({ usedOrderId: second.id, usedAt: expect.any(Date) });
  });

  it('a limited pack is never oversold by paying orders that gave their slot back', async () => {
    const [limited] = await db
      .handle()
      .db.insert(products)
      .values({ productType: 'recharge', name: '测试两件包', price: 100, welth: 100, dailyQuota: 2 })
      .returning();
    const buyers = await Promise.all(Array.from({ length: 4 }, () => signedInMember()));
    const cancelled = [];
    for (const b of buyers.slice(0, 2)) {
      const order = await createOrder(b.id, limited!.id, {});
      await cancelOrder(order.id, b.id);
      cancelled.push(order);
    }
    for (const b of buyers.slice(2)) expect(await pay(await createOrder(b.id, limited!.id, {}))).toMatchObject({ credited: true });
    for (const order of cancelled) expect(await pay(order)).toMatchObject({ credited: false, refund_due: true });
    expect((await quotaStates([limited!])).get(limited!.id)).toMatchObject({ left: 0, sold_out: true });
    const [day] = await db.handle().db.select().from(productQuotaDays).where(eq(productQuotaDays.productId, limited!.id));
    expect(day!.used).toBe(2);
    expect(
      (
        await db
          .handle()
          .db.select({ n: count() })
          .from(orders)
          .where(and(eq(orders.productId, limited!.id), eq(orders.status, 'paid')))
      )[0]!.n,
    ).toBe(2);
  });
});

describe('checks again at fulfilment, in the payment’s transaction', () => {
  it('counts the order being paid once: four pending ¥50 orders of a ¥200 month all pay', async () => {
    const teen = await teenWithConsent();
    const pack = await productNamed('5000书币');
    const pending = [];
    for (let i = 0; i < 4; i++) pending.push(await createOrder(teen.id, pack.id, {}));
    for (const order of pending) expect(await pay(order)).toMatchObject({ credited: true });
    expect((await getBalance(teen.id)).welth).toBe(4 * (pack.welth + pack.rewardWelth));
  });

  it('a minor whose guardian withdrew consent before the payment arrived is not fulfilled; the order ends and the payment is flagged', async () => {
    const teen = await teenWithConsent();
    const order = await createOrder(teen.id, (await productNamed('5000书币')).id, {});
    await db.handle().db.update(guardianConsents).set({ revokedAt: new Date() }).where(eq(guardianConsents.memberId, teen.id));
    expect(await pay(order)).toEqual({ order_id: order.id, status: 'rejected', credited: false, refund_due: true });
    expect(await getBalance(teen.id)).toEqual({ welth: 0, welth_coupon: 0 });
    expect(await exceptionsOf(order.id)).toEqual([expect.objectContaining({ reason: 'minor_consent', orderStatus: 'pending' })]);
    // A replay finds the order ended and records nothing more.
    expect(await pay(order)).toMatchObject({ status: 'rejected', credited: false });
    expect(await exceptionsOf(order.id)).toHaveLength(1);
  });

  it('an order whose coupon is no longer reserved by it is not fulfilled, and the coupon stays with its holder', async () => {
    const m = await signedInMember();
    await grantSignupCoupons(db.handle().db, m.id);
    const [coupon] = await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.memberId, m.id));
    const order = await createOrder(m.id, (await productNamed('3000书币')).id, { couponId: coupon!.id });
    // Staff withdrew the coupon from the order meanwhile.
    await db.handle().db.update(memberCoupons).set({ usedOrderId: null }).where(eq(memberCoupons.id, coupon!.id));
    expect(await pay(order)).toMatchObject({ status: 'rejected', credited: false, refund_due: true });
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
    expect((await exceptionsOf(order.id))[0]).toMatchObject({ reason: 'coupon' });
    expect((await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.id, coupon!.id)))[0]).toMatchObject({
      usedOrderId: null,
      usedAt: null,
    });
  });

  it('an order of a limited pack whose slot is no longer counted is not fulfilled', async () => {
    const [limited] = await db
      .handle()
      .db.insert(products)
      .values({ productType: 'recharge', name: '测试失位包', price: 100, welth: 100, dailyQuota: 5 })
      .returning();
    const m = await signedInMember();
    const order = await createOrder(m.id, limited!.id, {});
    await db.handle().db.update(productQuotaDays).set({ used: 0 }).where(eq(productQuotaDays.productId, limited!.id));
    expect(await pay(order)).toMatchObject({ status: 'rejected', credited: false, refund_due: true });
    expect((await exceptionsOf(order.id))[0]).toMatchObject({ reason: 'quota' });
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
  });
});

describe('one pending order per member and limited pack', () => {
  it('a second order while one is pending is refused with a clear 409 naming the pending order; once it ends, a new one opens', async () => {
    const pack = await productNamed('限量特惠 1000书币');
    const guest = await signedInMember({ isGuest: true });
    const first = await createOrder(guest.id, pack.id, {});
    const second = await errorOf(createOrder(guest.id, pack.id, {}));
    expect(second).toMatchObject({
      code: 40900,
      message: MSG.orderLimitedPending,
      reason: 'limited_pending',
      data: { order_id: first.id },
    });
    // An unlimited pack is not affected.
    const plain = await productNamed('600书币');
    await createOrder(guest.id, plain.id, {});
    await expect(createOrder(guest.id, plain.id, {})).resolves.toMatchObject({ status: 'pending' });
    await cancelOrder(first.id, guest.id);
    await expect(createOrder(guest.id, pack.id, {})).resolves.toMatchObject({ status: 'pending' });
    expect(
      (
        await db
          .handle()
          .db.select({ n: count() })
          .from(orders)
          .where(and(eq(orders.memberId, guest.id), eq(orders.productId, pack.id), eq(orders.status, 'pending')))
      )[0]!.n,
    ).toBe(1);
  });

  it('20 parallel creates by one member take one slot (race-free under READ COMMITTED)', async () => {
    const [limited] = await db
      .handle()
      .db.insert(products)
      .values({ productType: 'recharge', name: '测试并发限量包', price: 100, welth: 100, dailyQuota: 100 })
      .returning();
    const guest = await signedInMember({ isGuest: true });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => createOrder(guest.id, limited!.id, {})));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => r.reason.reason)).toEqual(Array(19).fill('limited_pending'));
    expect((await quotaStates([limited!])).get(limited!.id)).toMatchObject({ left: 99 });
  });

  it('a payment racing a cancel either pays or is flagged, never both, never neither', async () => {
    const pack = await productNamed('600书币');
    for (let i = 0; i < 10; i++) {
      const m = await signedInMember();
      const order = await createOrder(m.id, pack.id, {});
      const [answer] = await Promise.all([pay(order), cancelOrder(order.id, m.id)]);
      const status = await statusOf(order.id);
      const flagged = (await exceptionsOf(order.id)).length;
      expect([status, answer.credited, flagged]).toEqual(status === 'paid' ? ['paid', true, 0] : ['cancelled', false, 1]);
      expect((await getBalance(m.id)).welth).toBe(status === 'paid' ? pack.welth : 0);
    }
  });
});

describe('afterwards', () => {
  it('the audit finds the ledger, orders, slots and coupons whole', async () => {
    expect(await auditLedger()).toEqual([]);
  });
});
