// What the provider says became of a refund's money (docs/payments.md "Refund outcomes"): the refund's answer sets
// it, the provider's verified refund notification settles or fails it once, a replay changes nothing, a refund we
// never made is ignored with nothing written, a notice pairing an order with another order's refund is refused, and
// staff see what is still open. WeChat Pay and Alipay, each against its stand-in, through the notify route's handler.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { count, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { startAlipayStandIn, type AlipayStandIn } from './stand-ins/alipay';
import { POST as notifyRoute } from '@/app/v1/pay/notify/[provider]/route';
import { getDb } from '@/lib/server/db/client';
import { ledgerTransactions, orderRefunds, orders, paymentExceptions, paymentNotifications, products } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import type { StaffActor } from '@/lib/server/core/actor';
import { providerRefundsToCheck } from '@/lib/server/staff/orders';
import { getBalance } from '@/lib/server/wallet/accounts';
import { auditLedger } from '@/lib/server/wallet/audit';
import { cancelOrder, createOrder } from '@/lib/server/wallet/orders';
import { refundOrderOnce, refundPaymentException } from '@/lib/server/wallet/refunds';
import type { PayContext } from '@/lib/server/wallet/payments/contract';
import { startProviderPayment } from '@/lib/server/wallet/payments/pay-flow';
import { takeProviderNotification } from '@/lib/server/wallet/payments/notify';
import { REFUND_QUERY_AFTER_MS, sweepPendingRefunds } from '@/lib/server/wallet/payments/refund-sweep';
import { ALIPAY_REFUND_FAILED_AFTER_MS } from '@/lib/server/wallet/payments/alipay/provider';
import { resetWechatPayConfig } from '@/lib/server/wallet/payments/wechat/config';

type WxStandIn = Awaited<ReturnType<typeof import('../scripts/lib/wechatpay-stand-in.mjs').startWechatPayStandIn>>;

process.env.LOG_LEVEL = 'error';
const db = useTestDatabase({ seed: true });
const APIV3 = 'r1e2f3u4n5d6o7u8t9c0o1m2e3s4k5e6';
const MCH = '1900008888';
const APP = 'wx_refund_test_app';
const OUTSIDE: PayContext = { inMessagingApp: false, ios: false, openId: null, clientIp: '203.0.113.9', origin: 'https://read.example' };
const ENV_PREFIXES = ['WECHATPAY_', 'ALIPAY_'];

let wx: WxStandIn;
let alipay: AlipayStandIn;
let dir: string;
let finance: StaffActor;
let pack: typeof products.$inferSelect;
let alipayNotifier: http.Server;
const alipayReceived: string[] = [];

beforeAll(async () => {
  const lib = await import('../scripts/lib/wechatpay-stand-in.mjs');
  const merchant = lib.makeCertificate('merchant');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refund-outcomes-'));
  fs.writeFileSync(path.join(dir, 'merchant-key.pem'), merchant.keyPem);
  wx = await lib.startWechatPayStandIn({
    mchId: MCH,
    appId: APP,
    apiV3Key: APIV3,
    merchantPublicKeyPem: merchant.certPem,
    merchantSerial: merchant.serial,
  });
  fs.writeFileSync(path.join(dir, 'platform-cert.pem'), wx.platformCertPem);
  // Alipay's notifications are caught here and handed to the handler by each test, in the order it chooses.
  alipayNotifier = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      alipayReceived.push(body);
      res.end('success');
    });
  });
  await new Promise<void>((r) => alipayNotifier.listen(0, '127.0.0.1', r));
  alipay = await startAlipayStandIn();
  Object.assign(process.env, alipay.env, {
    ALIPAY_NOTIFY_URL: `http://127.0.0.1:${(alipayNotifier.address() as { port: number }).port}/v1/pay/notify/alipay`,
    WECHATPAY_MCHID: MCH,
    WECHATPAY_APPID: APP,
    WECHATPAY_SERIAL: merchant.serial,
    WECHATPAY_PRIVATE_KEY_FILE: path.join(dir, 'merchant-key.pem'),
    WECHATPAY_APIV3_KEY: APIV3,
    WECHATPAY_PLATFORM_CERT_FILE: path.join(dir, 'platform-cert.pem'),
    WECHATPAY_BASE_URL: wx.base,
    // Nothing listens here: the stand-in's own refund notifications fail quietly; tests deliver theirs.
    WECHATPAY_NOTIFY_URL: 'http://127.0.0.1:9/v1/pay/notify/wechat',
  });
  resetWechatPayConfig();
  const id = await createStaffFromCommand(getDb(), { username: 'refund_finance', role: 'finance', password: 'finance-password-1' });
  finance = { id, role: 'finance', ip: '10.30.0.2' };
  pack = (await db.handle().db.select().from(products).where(eq(products.name, '600书币')))[0]!;
}, 120_000);

afterAll(async () => {
  await wx?.close();
  await alipay?.stop();
  alipayNotifier?.closeAllConnections();
  await new Promise((r) => alipayNotifier?.close(r));
  for (const k of Object.keys(process.env)) if (ENV_PREFIXES.some((p) => k.startsWith(p))) delete process.env[k];
  resetWechatPayConfig();
  fs.rmSync(dir, { recursive: true, force: true });
});

const tradeNo = (orderId: number) => `SS${String(orderId).padStart(8, '0')}`;
const refundRow = async (orderId: number) => (await db.handle().db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)))[0];
const counts = async () => ({
  notifications: (await db.handle().db.select({ n: count() }).from(paymentNotifications))[0]!.n,
  movements: (await db.handle().db.select({ n: count() }).from(ledgerTransactions))[0]!.n,
});

function postWechat(n: { body: string; headers: Record<string, string> }) {
  const req = new NextRequest(new URL('/v1/pay/notify/wechat', 'http://localhost'), { method: 'POST', headers: n.headers, body: n.body });
  return notifyRoute(req, { params: Promise.resolve({ provider: 'wechat' }) });
}

describe('WeChat Pay refund notifications', () => {
  /** A paid WeChat Pay order (prepaid and paid at the stand-in, its notification taken). */
  async function paidWechatOrder() {
    const m = await signedInMember();
    const order = await createOrder(m.id, pack.id, { offered: ['wechat'], provider: 'wechat', returnUrl: '/m/my' });
    await startProviderPayment('wechat', order, OUTSIDE);
    await wx.pay(tradeNo(order.id), { notify: false });
    expect((await postWechat(wx.notification('TRANSACTION.SUCCESS', wx.transactionOf(tradeNo(order.id))))).status).toBe(200);
    return { member: m, order };
  }
  async function refunded() {
    const paid = await paidWechatOrder();
    await refundOrderOnce(finance, { orderId: paid.order.id, reason: '用户申请', override: true });
    const refundId = [...wx.state.orders.get(tradeNo(paid.order.id))!.refunds.values()][0]!.refund_id;
    return { ...paid, refundId };
  }
  const notice = (orderId: number, refundId: string, status = 'SUCCESS') =>
    wx.notification(`REFUND.${status}`, {
      mchid: MCH,
      out_trade_no: tradeNo(orderId),
      out_refund_no: tradeNo(orderId),
      refund_id: refundId,
      refund_status: status,
    });

  it('a refund the provider is still processing is pending; its SUCCESS notice settles it once, a replay changes nothing', async () => {
    const { order, refundId } = await refunded();
    const before = await refundRow(order.id);
    expect(before).toMatchObject({ providerRefundRef: refundId, providerRefundStatus: 'pending' });
    expect(before!.providerRefundAt).toBeInstanceOf(Date);
    expect((await providerRefundsToCheck(finance)).map((r) => r.orderId)).toContain(order.id);

    const success = notice(order.id, refundId);
    expect((await postWechat(success)).status).toBe(200);
    const settled = await refundRow(order.id);
    expect(settled!.providerRefundStatus).toBe('settled');
    const seen = await counts();
    expect((await postWechat(success)).status).toBe(200);
    expect(await refundRow(order.id)).toEqual(settled);
    expect(await counts()).toEqual(seen);
    expect((await providerRefundsToCheck(finance)).map((r) => r.orderId)).not.toContain(order.id);
  });

  it('a failed refund is flagged for staff, failed first in the list; no money moves; nothing undoes a settled one', async () => {
    const { member, order, refundId } = await refunded();
    const seen = await counts();
    expect((await postWechat(notice(order.id, refundId, 'ABNORMAL'))).status).toBe(200);
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'failed' });
    // The credit stays taken back and no movement is posted: staff return the money by hand.
    expect(await getBalance(member.id)).toEqual({ welth: 0, welth_coupon: 0 });
    expect((await counts()).movements).toBe(seen.movements);
    expect((await orderRow(order.id)).status).toBe('refunded');
    const open = await providerRefundsToCheck(finance);
    expect(open[0]).toMatchObject({ status: 'failed' });
    expect(open).toContainEqual(expect.objectContaining({ orderId: order.id, status: 'failed', kind: 'refund' }));
    // The provider completing it later settles it; once settled, a late failure changes nothing.
    expect((await postWechat(notice(order.id, refundId))).status).toBe(200);
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'settled' });
    expect((await postWechat(notice(order.id, refundId, 'CLOSED'))).status).toBe(200);
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'settled' });
    // Returned by hand by staff (handled): the provider's later word leaves it so.
    await db.handle().db.update(orderRefunds).set({ providerRefundStatus: 'handled' }).where(eq(orderRefunds.orderId, order.id));
    expect((await postWechat(notice(order.id, refundId))).status).toBe(200);
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'handled' });
    expect(await auditLedger()).toEqual([]);
  });

  it('a refund we never made is ignored with nothing written; another order’s refund is refused', async () => {
    const paid = await paidWechatOrder();
    const other = await refunded();
    const seen = await counts();
    // An order paid but never refunded, and an order that does not exist: taken (the provider stops), nothing written.
    expect((await postWechat(notice(paid.order.id, 'REF-NEVER-MADE'))).status).toBe(200);
    expect((await postWechat(notice(99_999_999, 'REF-NO-ORDER'))).status).toBe(200);
    expect(await refundRow(paid.order.id)).toBeUndefined();
    expect(await counts()).toEqual(seen);
    // The other order's refund id under this order, and a wrong id under the refunded order: refused, nothing written.
    expect((await postWechat(notice(paid.order.id, other.refundId))).status).toBe(400);
    expect((await postWechat(notice(other.order.id, 'REF-FORGED', 'ABNORMAL'))).status).toBe(400);
    expect(await refundRow(other.order.id)).toMatchObject({ providerRefundStatus: 'pending' });
    expect(await counts()).toEqual(seen);
  });

  it('a notice for an order of another provider is refused', async () => {
    const m = await signedInMember();
    const sandboxOrder = await createOrder(m.id, pack.id, { returnUrl: '/m/my' });
    const seen = await counts();
    expect((await postWechat(notice(sandboxOrder.id, 'REF-SANDBOX'))).status).toBe(400);
    expect(await counts()).toEqual(seen);
  });

  it('the return of a payment taken after cancel has its outcome too', async () => {
    const m = await signedInMember();
    const order = await createOrder(m.id, pack.id, { offered: ['wechat'], provider: 'wechat', returnUrl: '/m/my' });
    await startProviderPayment('wechat', order, OUTSIDE);
    await cancelOrder(order.id, m.id);
    await wx.pay(tradeNo(order.id), { notify: false });
    expect((await postWechat(wx.notification('TRANSACTION.SUCCESS', wx.transactionOf(tradeNo(order.id))))).status).toBe(200);
    const [flag] = await db.handle().db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, order.id));
    await refundPaymentException(finance, flag!.id, '取消后到账');
    const refundId = [...wx.state.orders.get(tradeNo(order.id))!.refunds.values()][0]!.refund_id;
    const exception = async () => (await db.handle().db.select().from(paymentExceptions).where(eq(paymentExceptions.id, flag!.id)))[0]!;
    expect(await exception()).toMatchObject({ refundStatus: 'refunded', providerRefundRef: refundId, providerRefundStatus: 'pending' });
    expect(await providerRefundsToCheck(finance)).toContainEqual(expect.objectContaining({ orderId: order.id, kind: 'exception' }));
    expect((await postWechat(notice(order.id, refundId, 'ABNORMAL'))).status).toBe(200);
    expect(await exception()).toMatchObject({ providerRefundStatus: 'failed' });
  });
});

describe('the refund query (WeChat Pay), for a notification that never comes', () => {
  it('asks about refunds pending past 10 minutes: settled, still processing (asked again only later), failed', async () => {
    const refundedAt = new Date();
    const make = async () => {
      const m = await signedInMember();
      const order = await createOrder(m.id, pack.id, { offered: ['wechat'], provider: 'wechat', returnUrl: '/m/my' });
      await startProviderPayment('wechat', order, OUTSIDE);
      await wx.pay(tradeNo(order.id), { notify: false });
      await postWechat(wx.notification('TRANSACTION.SUCCESS', wx.transactionOf(tradeNo(order.id))));
      await refundOrderOnce(finance, { orderId: order.id, reason: '用户申请', override: true }, refundedAt);
      return { id: order.id, atProvider: wx.state.orders.get(tradeNo(order.id))!.refunds.get(tradeNo(order.id))! };
    };
    const [settles, processing, fails] = [await make(), await make(), await make()];
    processing.atProvider.status = 'PROCESSING';
    fails.atProvider.status = 'ABNORMAL';
    const seen = await counts();

    // Too young: not asked.
    await sweepPendingRefunds(new Date(refundedAt.getTime() + REFUND_QUERY_AFTER_MS - 1000));
    for (const r of [settles, processing, fails]) expect(await refundRow(r.id)).toMatchObject({ providerRefundStatus: 'pending' });

    const later = new Date(refundedAt.getTime() + REFUND_QUERY_AFTER_MS + 1000);
    await sweepPendingRefunds(later);
    expect(await refundRow(settles.id)).toMatchObject({ providerRefundStatus: 'settled', providerRefundAt: later });
    expect(await refundRow(fails.id)).toMatchObject({ providerRefundStatus: 'failed', providerRefundAt: later });
    expect(await refundRow(processing.id)).toMatchObject({ providerRefundStatus: 'pending', providerRefundAt: later });
    // A query is not a notification: none is recorded, and no money moves.
    expect(await counts()).toEqual(seen);

    // The provider finishes: the next pass within 10 minutes does not ask; the one after does.
    processing.atProvider.status = 'SUCCESS';
    await sweepPendingRefunds(new Date(later.getTime() + 60_000));
    expect(await refundRow(processing.id)).toMatchObject({ providerRefundStatus: 'pending' });
    await sweepPendingRefunds(new Date(later.getTime() + REFUND_QUERY_AFTER_MS + 1000));
    expect(await refundRow(processing.id)).toMatchObject({ providerRefundStatus: 'settled' });
  });

  it('the provider unreachable or naming another refund: nothing changes', async () => {
    const m = await signedInMember();
    const order = await createOrder(m.id, pack.id, { offered: ['wechat'], provider: 'wechat', returnUrl: '/m/my' });
    await startProviderPayment('wechat', order, OUTSIDE);
    await wx.pay(tradeNo(order.id), { notify: false });
    await postWechat(wx.notification('TRANSACTION.SUCCESS', wx.transactionOf(tradeNo(order.id))));
    const at = new Date();
    await refundOrderOnce(finance, { orderId: order.id, reason: '用户申请', override: true }, at);
    const later = new Date(at.getTime() + REFUND_QUERY_AFTER_MS + 1000);
    wx.state.failWith = 500;
    try {
      expect((await sweepPendingRefunds(later)).errors).toBeGreaterThan(0);
    } finally {
      wx.state.failWith = null;
    }
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'pending' });
    await db.handle().db.update(orderRefunds).set({ providerRefundRef: 'REF-STORED-ELSEWHERE' }).where(eq(orderRefunds.orderId, order.id));
    await sweepPendingRefunds(later);
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'pending', providerRefundRef: 'REF-STORED-ELSEWHERE' });
  });
});

const orderRow = async (id: number) => (await db.handle().db.select().from(orders).where(eq(orders.id, id)))[0]!;

const takeAlipay = (rawBody: string) => takeProviderNotification('alipay', { headers: new Headers(), rawBody });

async function paidAlipayOrder() {
  const m = await signedInMember();
  const order = await createOrder(m.id, pack.id, { offered: ['alipay'], provider: 'alipay', returnUrl: '/m/my' });
  await startProviderPayment('alipay', order, OUTSIDE).then(async (s) => {
    if (s.ok && s.start.kind === 'redirect') await (await fetch(s.start.url)).text();
  });
  alipayReceived.length = 0;
  await alipay.pay(String(order.id));
  expect((await takeAlipay(alipayReceived[0]!)).reply.body).toBe('success');
  return { member: m, order };
}

describe('Alipay refund notifications (the refund fields of its trade notification)', () => {
  const take = takeAlipay;
  /** Waits for the refund notification the stand-in posts after answering the refund. */
  async function refundNotice(): Promise<string> {
    for (let i = 0; i < 100 && !alipayReceived.some((b) => b.includes('out_biz_no')); i++) await new Promise((r) => setTimeout(r, 20));
    return alipayReceived.find((b) => b.includes('out_biz_no'))!;
  }

  it('settled when Alipay answers fund_change Y; its notice is recorded once; a pending one is settled by the notice', async () => {
    const { order } = await paidAlipayOrder();
    alipayReceived.length = 0;
    await refundOrderOnce(finance, { orderId: order.id, reason: '用户申请', override: true });
    const trade = alipay.trades.get(String(order.id))!;
    expect(await refundRow(order.id)).toMatchObject({ providerRefundRef: `${trade.tradeNo}/${order.id}`, providerRefundStatus: 'settled' });
    const body = await refundNotice();
    expect((await take(body)).reply.body).toBe('success');
    const seen = await counts();
    expect((await take(body)).reply.body).toBe('success');
    expect(await counts()).toEqual(seen);
    // A refund whose answer did not say (fund_change N on a retry) waits for the notice.
    await db.handle().db.update(orderRefunds).set({ providerRefundStatus: 'pending' }).where(eq(orderRefunds.orderId, order.id));
    expect((await take(body)).reply.body).toBe('success');
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'settled' });
  });

  it('a refund notice for an order never refunded is ignored; one naming another refund is refused; nothing written', async () => {
    const { order } = await paidAlipayOrder();
    const seen = await counts();
    const never = alipay.notifyBody(String(order.id), {
      out_biz_no: String(order.id),
      refund_fee: '6.00',
      gmt_refund: '2026-01-01 10:00:00',
    });
    expect((await take(never)).reply.body).toBe('success');
    expect(await counts()).toEqual(seen);

    alipayReceived.length = 0;
    await refundOrderOnce(finance, { orderId: order.id, reason: '用户申请', override: true });
    const afterRefund = await counts();
    const forged = alipay.notifyBody(String(order.id), { out_biz_no: '424242', refund_fee: '6.00', gmt_refund: '2026-01-01 10:00:00' });
    expect((await take(forged)).reply.body).toBe('failure');
    expect(await counts()).toEqual(afterRefund);
  });
});

describe('the refund query (Alipay), for a refund it answered without moving the money', () => {
  afterEach(() => {
    alipay.refundMode = 'settled';
    alipay.forgeRefundQuery = false;
  });

  async function pendingAlipayRefund(at: Date) {
    const { order } = await paidAlipayOrder();
    alipay.refundMode = 'pending';
    alipayReceived.length = 0;
    await refundOrderOnce(finance, { orderId: order.id, reason: '用户申请', override: true }, at);
    const trade = alipay.trades.get(String(order.id))!;
    expect(await refundRow(order.id)).toMatchObject({ providerRefundRef: `${trade.tradeNo}/${order.id}`, providerRefundStatus: 'pending' });
    return order;
  }

  it('pending while Alipay has not finished; its success is applied by the job once, with no notification and no money moved', async () => {
    const refundedAt = new Date();
    const order = await pendingAlipayRefund(refundedAt);
    const seen = await counts();
    const asked = alipay.refundQueries;

    // Too young to ask; then asked, still processing: pending, asked again only 10 minutes later.
    await sweepPendingRefunds(new Date(refundedAt.getTime() + REFUND_QUERY_AFTER_MS - 1000));
    expect(alipay.refundQueries).toBe(asked);
    const later = new Date(refundedAt.getTime() + REFUND_QUERY_AFTER_MS + 1000);
    await sweepPendingRefunds(later);
    expect(alipay.refundQueries).toBe(asked + 1);
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'pending', providerRefundAt: later });

    alipay.finishRefund(String(order.id), true);
    await sweepPendingRefunds(new Date(later.getTime() + 60_000));
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'pending' });
    const settledAt = new Date(later.getTime() + REFUND_QUERY_AFTER_MS + 1000);
    expect((await sweepPendingRefunds(settledAt)).settled).toBeGreaterThanOrEqual(1);
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'settled', providerRefundAt: settledAt });
    // Once: a settled refund is not asked about again, and nothing else was written.
    const queries = alipay.refundQueries;
    await sweepPendingRefunds(new Date(settledAt.getTime() + 2 * REFUND_QUERY_AFTER_MS));
    expect(alipay.refundQueries).toBe(queries);
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'settled', providerRefundAt: settledAt });
    expect(await counts()).toEqual(seen);
    // Every call we made carried our valid signature.
    expect(alipay.badSignatures).toBe(0);
  });

  it('the return of a payment taken after cancel is asked about too, its age counted from the return', async () => {
    const m = await signedInMember();
    const order = await createOrder(m.id, pack.id, { offered: ['alipay'], provider: 'alipay', returnUrl: '/m/my' });
    await startProviderPayment('alipay', order, OUTSIDE).then(async (s) => {
      if (s.ok && s.start.kind === 'redirect') await (await fetch(s.start.url)).text();
    });
    await cancelOrder(order.id, m.id);
    alipayReceived.length = 0;
    await alipay.pay(String(order.id));
    expect((await takeAlipay(alipayReceived[0]!)).reply.body).toBe('success');
    const [flag] = await db.handle().db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, order.id));
    alipay.refundMode = 'pending';
    const returnedAt = new Date();
    await refundPaymentException(finance, flag!.id, '取消后到账');
    const exception = async () => (await db.handle().db.select().from(paymentExceptions).where(eq(paymentExceptions.id, flag!.id)))[0]!;
    expect(await exception()).toMatchObject({ refundStatus: 'refunded', providerRefundStatus: 'pending' });
    alipay.finishRefund(String(order.id), false);
    // Eleven minutes after the return it is still young: pending, not failed.
    await sweepPendingRefunds(new Date(returnedAt.getTime() + REFUND_QUERY_AFTER_MS + 60_000));
    expect(await exception()).toMatchObject({ providerRefundStatus: 'pending' });
    await sweepPendingRefunds(new Date(returnedAt.getTime() + ALIPAY_REFUND_FAILED_AFTER_MS + 60_000));
    expect(await exception()).toMatchObject({ providerRefundStatus: 'failed' });
  });

  it('a refund Alipay still does not report a day later is failed, for staff; a forged answer changes nothing', async () => {
    const refundedAt = new Date();
    const order = await pendingAlipayRefund(refundedAt);
    alipay.finishRefund(String(order.id), false);
    const dayLater = new Date(refundedAt.getTime() + ALIPAY_REFUND_FAILED_AFTER_MS + 60_000);

    // An answer not signed by Alipay is not believed, however late.
    alipay.forgeRefundQuery = true;
    const asked = alipay.refundQueries;
    expect((await sweepPendingRefunds(dayLater)).errors).toBeGreaterThanOrEqual(1);
    expect(alipay.refundQueries).toBe(asked + 1);
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'pending' });
    alipay.forgeRefundQuery = false;

    // Within the day, an answer without the refund is "not done yet".
    await sweepPendingRefunds(new Date(refundedAt.getTime() + REFUND_QUERY_AFTER_MS + 1000));
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'pending' });

    const seen = await counts();
    expect((await sweepPendingRefunds(dayLater)).failed).toBeGreaterThanOrEqual(1);
    expect(await refundRow(order.id)).toMatchObject({ providerRefundStatus: 'failed', providerRefundAt: dayLater });
    // No money moves on a failed refund: it is flagged for staff, in their list of refunds to check.
    expect(await counts()).toEqual(seen);
    const open = await providerRefundsToCheck(finance);
    expect(open.find((r) => r.orderId === order.id)).toMatchObject({ status: 'failed', kind: 'refund' });
  });
});
