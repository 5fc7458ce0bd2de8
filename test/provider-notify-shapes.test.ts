// Provider notifications of the wrong shape (docs/payments.md "Notifications"): correctly signed by the provider, but a
// field missing, of the wrong type, nested where a value belongs, an amount negative / fractional / written as a
// string, a state the provider does not document. Each is refused with the provider's failure answer and a 4xx
// (never a 500), writes nothing and logs one line; the well-formed notification is then still credited once.
import { count, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { startAlipayStandIn, type AlipayStandIn } from './stand-ins/alipay';
import { useWechatPayStandIn, WECHATPAY_TEST_MERCHANT } from './wechatpay-stand-in';
import { POST as notifyRoute } from '@/app/v1/pay/notify/[provider]/route';
import { orders, paymentNotifications, products } from '@/lib/server/db/schema';
import { getBalance } from '@/lib/server/wallet/accounts';
import { createOrder } from '@/lib/server/wallet/orders';
import { alipayProvider } from '@/lib/server/wallet/payments/alipay';
import { centsToYuan } from '@/lib/server/wallet/payments/alipay/amount';
import { notifySigningString } from '@/lib/server/wallet/payments/alipay/sign';
import { startProviderPayment } from '@/lib/server/wallet/payments/pay-flow';
import type { PayContext } from '@/lib/server/wallet/payments/contract';

// Warnings on, so the refusal's log line can be counted.
process.env.LOG_LEVEL = 'warn';
const db = useTestDatabase({ seed: true });
const { mchId: MCH, apiV3Key: APIV3 } = WECHATPAY_TEST_MERCHANT;
const PHONE: PayContext = { inMessagingApp: false, ios: false, openId: null, clientIp: '203.0.113.9', origin: 'http://127.0.0.1:3999' };

let alipay: AlipayStandIn;
const wechat = useWechatPayStandIn();
let pack: typeof products.$inferSelect;
const saved = { ...process.env };

beforeAll(async () => {
  alipay = await startAlipayStandIn();
  Object.assign(process.env, alipay.env);
  pack = (await db.handle().db.select().from(products).where(eq(products.name, '600书币')))[0]!;
}, 120_000);

afterAll(async () => {
  await alipay?.stop();
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
});

function post(provider: string, body: string, headers: Record<string, string>) {
  const req = new NextRequest(new URL(`/v1/pay/notify/${provider}`, 'http://localhost'), { method: 'POST', headers, body });
  return notifyRoute(req, { params: Promise.resolve({ provider }) });
}

const orderRow = async (id: number) => (await db.handle().db.select().from(orders).where(eq(orders.id, id)))[0]!;
const notificationCount = async () => (await db.handle().db.select({ n: count() }).from(paymentNotifications))[0]!.n;

/** Posts the notification and answers its reply with the refusal log lines it wrote. */
async function delivered(provider: string, body: string, headers: Record<string, string>) {
  const spy = jest.spyOn(console, 'log').mockImplementation(() => {});
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const res = await post(provider, body, headers);
    const lines = spy.mock.calls.map((c) => JSON.parse(String(c[0])) as { event: string; reason?: string; fields?: string[] });
    return { status: res.status, text: await res.text(), lines, errors: errors.mock.calls.length };
  } finally {
    spy.mockRestore();
    errors.mockRestore();
  }
}

/** Refused as the provider expects, a 4xx, one log line, nothing written (order pending, no notification, no coins). */
async function expectRefused(
  provider: string,
  order: { id: number; memberId: number },
  body: string,
  headers: Record<string, string>,
  failure: string,
) {
  const before = await notificationCount();
  const r = await delivered(provider, body, headers);
  expect(r.status).toBe(400);
  expect(r.text).toBe(failure);
  expect(r.errors).toBe(0);
  expect(r.lines).toHaveLength(1);
  expect(r.lines[0]).toMatchObject({ event: 'pay_notify_refused', provider });
  expect((await orderRow(order.id)).status).toBe('pending');
  expect(await notificationCount()).toBe(before);
  expect(await getBalance(order.memberId)).toEqual({ welth: 0, welth_coupon: 0 });
  return r.lines[0]!;
}

describe('Alipay: a signed form body of the wrong shape', () => {
  const FAILURE = 'failure';
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  async function alipayOrder() {
    const m = await signedInMember();
    const order = await createOrder(m.id, pack.id, { returnUrl: '/m/wallet' });
    await db.handle().db.update(orders).set({ provider: 'alipay' }).where(eq(orders.id, order.id));
    const s = await alipayProvider.start({ id: order.id, amount: order.price, subject: 'coins' }, PHONE);
    if (s.kind !== 'redirect') throw new Error('expected a redirect');
    await (await fetch(s.url)).text();
    return { ...order, memberId: m.id };
  }

  /** The notification's parameters as Alipay signs them, changed by `edit`, signed again with Alipay's key. */
  function signed(orderId: number, edit: (p: Record<string, string>) => void, extra = ''): string {
    const params = Object.fromEntries(new URLSearchParams(alipay.notifyBody(String(orderId), { trade_status: 'TRADE_SUCCESS' })));
    delete params.sign;
    edit(params);
    params.sign = alipay.alipaySign(notifySigningString(params));
    return new URLSearchParams(params).toString() + extra;
  }

  const cases: [string, (p: Record<string, string>) => void][] = [
    ['no trade_no', (p) => delete p.trade_no],
    ['no total_amount', (p) => delete p.total_amount],
    ['no trade_status', (p) => delete p.trade_status],
    ['no app_id', (p) => delete p.app_id],
    ['an empty trade_no', (p) => (p.trade_no = '')],
    ['a negative amount', (p) => (p.total_amount = `-${p.total_amount}`)],
    ['an amount with three decimals', (p) => (p.total_amount = `${p.total_amount}1`)],
    ['an amount in exponent form', (p) => (p.total_amount = '6e2')],
    ['an amount that is not a number', (p) => (p.total_amount = 'six')],
    ['an amount nested as JSON', (p) => (p.total_amount = JSON.stringify({ value: p.total_amount }))],
    ['an order number that is not whole', (p) => (p.out_trade_no = `${p.out_trade_no}.5`)],
    ['an unknown trade state', (p) => (p.trade_status = 'TRADE_MAYBE')],
    ['a negative refund fee', (p) => Object.assign(p, { out_biz_no: '1', refund_fee: '-1.00' })],
  ];
  it.each(cases)('refuses %s: 400 failure, one log line, nothing written', async (_label, edit) => {
    const order = await alipayOrder();
    const line = await expectRefused('alipay', order, signed(order.id, edit), form, FAILURE);
    expect(line.reason).toBe('body');
    expect(line.fields!.length).toBeGreaterThan(0);
  });

  it('refuses a parameter sent twice (the signature would cover one value, the reading the other)', async () => {
    const order = await alipayOrder();
    const body = signed(order.id, () => {}, `&trade_no=${'9'.repeat(20)}`);
    expect((await expectRefused('alipay', order, body, form, FAILURE)).reason).toBe('body');
  });

  it('the well-formed notification is still credited, once', async () => {
    const order = await alipayOrder();
    await expectRefused(
      'alipay',
      order,
      signed(order.id, (p) => (p.total_amount = 'six')),
      form,
      FAILURE,
    );
    const good = signed(order.id, () => {});
    expect(good).toContain(`total_amount=${centsToYuan(order.price)}`);
    const before = await notificationCount();
    for (let i = 0; i < 2; i++) {
      const r = await delivered('alipay', good, form);
      expect([r.status, r.text]).toEqual([200, 'success']);
    }
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await notificationCount()).toBe(before + 1);
    expect((await getBalance(order.memberId)).welth).toBe(pack.welth + pack.rewardWelth);
  });
});

describe('WeChat Pay: a signed notification of the wrong shape', () => {
  const FAIL = JSON.stringify({ code: 'FAIL', message: 'refused' });
  const tradeNo = (orderId: number) => `SS${String(orderId).padStart(8, '0')}`;

  async function wechatOrder() {
    const m = await signedInMember();
    const order = await createOrder(m.id, pack.id, { offered: ['wechat'], provider: 'wechat', returnUrl: '/m/my' });
    await startProviderPayment('wechat', { id: order.id, price: order.price, product: { name: pack.name } } as never, PHONE);
    await wechat.standIn().pay(tradeNo(order.id), { notify: false });
    return {
      order: { ...order, memberId: m.id },
      transaction: wechat.standIn().transactionOf(tradeNo(order.id)) as Record<string, unknown>,
    };
  }

  /** An envelope of our own, signed with the platform key as the provider signs. */
  function signedEnvelope(envelope: unknown) {
    const body = JSON.stringify(envelope);
    return { body, headers: { 'content-type': 'application/json', ...wechat.lib().platformHeaders(wechat.standIn().current(), body) } };
  }
  const sealed = (resource: unknown) => wechat.lib().encryptResource(JSON.stringify(resource), APIV3, 'transaction');

  const resources: [string, (t: Record<string, unknown>) => unknown][] = [
    ['no transaction_id', ({ transaction_id: _, ...t }) => t],
    ['no amount', ({ amount: _, ...t }) => t],
    ['no mchid', ({ mchid: _, ...t }) => t],
    ['the total as a string', (t) => ({ ...t, amount: { ...(t.amount as object), total: String((t.amount as { total: number }).total) } })],
    ['a negative total', (t) => ({ ...t, amount: { ...(t.amount as object), total: -(t.amount as { total: number }).total } })],
    ['a fractional total', (t) => ({ ...t, amount: { ...(t.amount as object), total: (t.amount as { total: number }).total + 0.5 } })],
    ['the total nested one level deeper', (t) => ({ ...t, amount: { total: { value: (t.amount as { total: number }).total } } })],
    ['the whole transaction nested', (t) => ({ transaction: t })],
    ['the merchant id as a number', (t) => ({ ...t, mchid: Number(MCH) })],
    ['another currency', (t) => ({ ...t, amount: { ...(t.amount as object), currency: 'USD' } })],
    ['an unknown trade state', (t) => ({ ...t, trade_state: 'PAID_PERHAPS' })],
    ['a resource that is not an object', () => 'SUCCESS'],
  ];
  it.each(resources)('refuses a TRANSACTION.SUCCESS resource with %s: 400 FAIL, one log line, nothing written', async (_label, spoil) => {
    const { order, transaction } = await wechatOrder();
    const n = wechat.standIn().notification('TRANSACTION.SUCCESS', spoil(transaction));
    const line = await expectRefused('wechat', order, n.body, n.headers, FAIL);
    expect(line.reason).toBe('wechatpay body');
    expect(line.fields!.length).toBeGreaterThan(0);
  });

  const envelopes: [string, (t: Record<string, unknown>) => unknown][] = [
    ['no event_type', (t) => ({ id: 'e1', resource: sealed(t) })],
    ['no resource', () => ({ id: 'e2', event_type: 'TRANSACTION.SUCCESS' })],
    ['the resource as a string', (t) => ({ id: 'e3', event_type: 'TRANSACTION.SUCCESS', resource: JSON.stringify(sealed(t)) })],
    ['the resource nested one level deeper', (t) => ({ id: 'e4', event_type: 'TRANSACTION.SUCCESS', resource: { data: sealed(t) } })],
    ['another algorithm', (t) => ({ id: 'e5', event_type: 'TRANSACTION.SUCCESS', resource: { ...sealed(t), algorithm: 'AES_CBC' } })],
    ['the event type as a number', (t) => ({ id: 'e6', event_type: 1, resource: sealed(t) })],
    ['an array', (t) => [{ id: 'e7', event_type: 'TRANSACTION.SUCCESS', resource: sealed(t) }]],
  ];
  it.each(envelopes)('refuses an envelope with %s: 400 FAIL, one log line, nothing written', async (_label, make) => {
    const { order, transaction } = await wechatOrder();
    const n = signedEnvelope(make(transaction));
    expect((await expectRefused('wechat', order, n.body, n.headers, FAIL)).reason).toBe('wechatpay body');
  });

  const refunds: [string, Record<string, unknown>][] = [
    ['an unknown refund status', { refund_status: 'MAYBE' }],
    ['PROCESSING, which is never notified', { refund_status: 'PROCESSING' }],
    ['the refund id as a number', { refund_id: 5000000038 }],
    ['the refunded amount as a string', { amount: { total: 600, refund: '600' } }],
    ['a negative refunded amount', { amount: { total: 600, refund: -600 } }],
  ];
  it.each(refunds)('refuses a REFUND.* resource with %s, nothing written', async (_label, change) => {
    const { order } = await wechatOrder();
    const n = wechat.standIn().notification('REFUND.SUCCESS', {
      mchid: MCH,
      out_trade_no: tradeNo(order.id),
      out_refund_no: tradeNo(order.id),
      refund_id: '50000000382019052709732678859',
      refund_status: 'SUCCESS',
      ...change,
    });
    expect((await expectRefused('wechat', order, n.body, n.headers, FAIL)).reason).toBe('wechatpay body');
  });

  it('the well-formed notification is still credited, once', async () => {
    const { order, transaction } = await wechatOrder();
    const bad = wechat.standIn().notification('TRANSACTION.SUCCESS', { ...transaction, amount: { total: '600' } });
    await expectRefused('wechat', order, bad.body, bad.headers, FAIL);
    const before = await notificationCount();
    for (const n of [
      wechat.standIn().notification('TRANSACTION.SUCCESS', transaction),
      wechat.standIn().notification('TRANSACTION.SUCCESS', transaction),
    ]) {
      const r = await delivered('wechat', n.body, n.headers);
      expect([r.status, r.text]).toEqual([200, JSON.stringify({ code: 'SUCCESS', message: 'OK' })]);
    }
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await notificationCount()).toBe(before + 1);
    expect((await getBalance(order.memberId)).welth).toBe(pack.welth + pack.rewardWelth);
  });
});
