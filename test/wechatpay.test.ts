// WeChat Pay v3 against the local stand-in (docs/payments.md "WeChat Pay", "Testing"): request and pay-parameter
// signing (the published example messages, our own generated keys), notification verification and decryption,
// and the wallet's side — credited once, refused notifications writing nothing, late payments found by the job,
// expiry closing at the provider, refunds through the provider, the bill.
import { CODES } from '@/lib/shared/dto/envelope';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createVerify } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { POST as notifyRoute } from '@/app/v1/pay/notify/[provider]/route';
import { POST as createOrderRoute } from '@/app/(flows)/orders/create/route';
import { POST as cancelRoute } from '@/app/(flows)/pay/[provider]/[orderId]/cancel/route';
import { getDb } from '@/lib/server/db/client';
import { oauthIdentities, orderRefunds, orders, paymentExceptions, paymentNotifications, products } from '@/lib/server/db/schema';
import { setCachedFlags } from '@/lib/server/config/flags-cache';
import { DEFAULT_FLAGS } from '@/lib/shared/config-flags';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import type { StaffActor } from '@/lib/server/core/actor';
import { auditLedger } from '@/lib/server/wallet/audit';
import { getBalance } from '@/lib/server/wallet/accounts';
import { cancelOrder, createOrder } from '@/lib/server/wallet/orders';
import { refundOrderOnce } from '@/lib/server/wallet/refunds';
import type { PayContext } from '@/lib/server/wallet/payments/contract';
import { offeredProviders, realProviders } from '@/lib/server/wallet/payments/provider';
import { sweepPendingProviderOrders } from '@/lib/server/wallet/payments/pending-job';
import { cancelProviderOrder, settlePendingOrder, startProviderPayment } from '@/lib/server/wallet/payments/pay-flow';
import { wechatPayProvider } from '@/lib/server/wallet/payments/wechat';
import { resetWechatPayConfig } from '@/lib/server/wallet/payments/wechat/config';
import { authorization, jsapiPayParams, signatureMessage } from '@/lib/server/wallet/payments/wechat/signer';
import { decryptResource, PlatformKeys, platformKeyFromCertificate } from '@/lib/server/wallet/payments/wechat/verifier';
import { createPrivateKey } from 'node:crypto';

type StandIn = Awaited<ReturnType<typeof import('../scripts/lib/wechatpay-stand-in.mjs').startWechatPayStandIn>>;
type Cert = ReturnType<typeof import('../scripts/lib/wechatpay-stand-in.mjs').makeCertificate>;

process.env.LOG_LEVEL = 'error';
const db = useTestDatabase({ seed: true });
const APIV3 = 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6';
const MCH = '1900009191';
const APP = 'wx_pay_test_app';
let standIn: StandIn;
let merchant: Cert;
let lib: typeof import('../scripts/lib/wechatpay-stand-in.mjs');
let dir: string;
let finance: StaffActor;
let pack: typeof products.$inferSelect;

const OUTSIDE: PayContext = { inMessagingApp: false, ios: false, openId: null, clientIp: '203.0.113.9', origin: 'https://read.example' };
const IN_APP: PayContext = { ...OUTSIDE, inMessagingApp: true, openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' };

function configure(extra: Record<string, string> = {}) {
  Object.assign(process.env, {
    WECHATPAY_MCHID: MCH,
    WECHATPAY_APPID: APP,
    WECHATPAY_SERIAL: merchant.serial,
    WECHATPAY_PRIVATE_KEY_FILE: path.join(dir, 'merchant-key.pem'),
    WECHATPAY_APIV3_KEY: APIV3,
    WECHATPAY_PLATFORM_CERT_FILE: path.join(dir, 'platform-cert.pem'),
    WECHATPAY_BASE_URL: standIn.base,
    // Nothing listens here: the stand-in's own refund notifications fail quietly; tests deliver theirs to the route.
    WECHATPAY_NOTIFY_URL: 'http://127.0.0.1:9/v1/pay/notify/wechat',
    ...extra,
  });
  resetWechatPayConfig();
}

beforeAll(async () => {
  lib = await import('../scripts/lib/wechatpay-stand-in.mjs');
  merchant = lib.makeCertificate('merchant');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wxpay-test-'));
  fs.writeFileSync(path.join(dir, 'merchant-key.pem'), merchant.keyPem);
  standIn = await lib.startWechatPayStandIn({
    mchId: MCH,
    appId: APP,
    apiV3Key: APIV3,
    merchantPublicKeyPem: merchant.certPem,
    merchantSerial: merchant.serial,
  });
  fs.writeFileSync(path.join(dir, 'platform-cert.pem'), standIn.platformCertPem);
  configure();
  const id = await createStaffFromCommand(getDb(), { username: 'wx_finance', role: 'finance', password: 'finance-password-1' });
  finance = { id, role: 'finance', ip: '10.30.0.1' };
  pack = (await db.handle().db.select().from(products).where(eq(products.name, '600书币')))[0]!;
}, 120_000);

afterAll(async () => {
  await standIn?.close();
  for (const k of Object.keys(process.env)) if (k.startsWith('WECHATPAY_')) delete process.env[k];
  resetWechatPayConfig();
  fs.rmSync(dir, { recursive: true, force: true });
});

const tradeNo = (orderId: number) => `SS${String(orderId).padStart(8, '0')}`;
const orderRow = async (id: number) => (await db.handle().db.select().from(orders).where(eq(orders.id, id)))[0]!;
const notificationCount = async () => (await db.handle().db.select({ n: count() }).from(paymentNotifications))[0]!.n;

async function wechatOrder(memberId: number) {
  return createOrder(memberId, pack.id, { offered: ['wechat'], provider: 'wechat', returnUrl: '/m/my' });
}

function post(n: { body: string; headers: Record<string, string> }, provider = 'wechat') {
  const req = new NextRequest(new URL(`/v1/pay/notify/${provider}`, 'http://localhost'), {
    method: 'POST',
    headers: n.headers,
    body: n.body,
  });
  return notifyRoute(req, { params: Promise.resolve({ provider }) });
}

/** A prepay at the stand-in (the payer opened the pay page), then paid there without its notification being sent. */
async function paidAtProvider(orderId: number, ctx = OUTSIDE) {
  const order = await orderRow(orderId);
  await startProviderPayment('wechat', { id: orderId, price: order.price, product: { name: pack.name } } as never, ctx);
  await standIn.pay(tradeNo(orderId), { notify: false });
  return standIn.transactionOf(tradeNo(orderId));
}

describe('signing (docs/payments.md "WeChat Pay: signatures")', () => {
  it('builds the message of the published request example and signs it in the Authorization header', () => {
    // The provider's documented example: GET /v3/certificates at 1554208460 with nonce 593BEC0C930BF1AFEB40B4A08C8FB242.
    expect(signatureMessage(['GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', ''])).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
    const key = { mchId: MCH, serial: merchant.serial, privateKey: createPrivateKey(merchant.keyPem) };
    const header = authorization(key, 'GET', '/v3/certificates', '', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242');
    expect(header).toMatch(
      new RegExp(
        `^WECHATPAY2-SHA256-RSA2048 mchid="${MCH}",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="[A-Za-z0-9+/=]{344}",timestamp="1554208460",serial_no="${merchant.serial}"$`,
      ),
    );
    const signature = /signature="([^"]+)"/.exec(header)![1]!;
    const verify = (msg: string) => createVerify('RSA-SHA256').update(msg).verify(merchant.certPem, signature, 'base64');
    expect(verify('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n')).toBe(true);
    expect(verify('GET\n/v3/certificates\n1554208461\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n')).toBe(false);
  });

  it('signs the JSAPI pay parameters of the published example over appId, timeStamp, nonceStr and package', () => {
    const params = jsapiPayParams(
      'wx8888888888888888',
      'wx201410272009395522657a690389285100',
      createPrivateKey(merchant.keyPem),
      '1414561699',
      '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    );
    expect(params).toMatchObject({
      appId: 'wx8888888888888888',
      timeStamp: '1414561699',
      nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    const message = 'wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n';
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.certPem, params.paySign!, 'base64')).toBe(true);
  });

  it('decrypts an AEAD_AES_256_GCM resource, and refuses a flipped byte or another key', () => {
    const sealed = lib.encryptResource('{"out_trade_no":"SS00000001"}', APIV3, 'transaction');
    expect(decryptResource(sealed, APIV3)).toBe('{"out_trade_no":"SS00000001"}');
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[3] = bytes[3]! ^ 1;
    expect(() => decryptResource({ ...sealed, ciphertext: bytes.toString('base64') }, APIV3)).toThrow('decrypt');
    expect(() => decryptResource({ ...sealed, associated_data: 'certificate' }, APIV3)).toThrow('decrypt');
    expect(() => decryptResource(sealed, 'z'.repeat(32))).toThrow('decrypt');
  });

  it('refuses a certificate past its validity, even one it knows', async () => {
    const platform = platformKeyFromCertificate(standIn.platformCertPem);
    const keys = new PlatformKeys([platform], async () => []);
    await expect(keys.keyFor(platform.serial, new Date())).resolves.toBe(platform);
    await expect(keys.keyFor(platform.serial, new Date(platform.notAfter!.getTime() + 1000))).rejects.toThrow('expired');
  });
});

describe('choosing WeChat Pay (docs/payments.md "Choosing a provider")', () => {
  it('is offered outside the app (H5) and inside it only with the payer’s OpenID (JSAPI); the sandbox only on demand', () => {
    expect(realProviders().map((p) => p.name)).toEqual(['wechat']);
    expect(offeredProviders(OUTSIDE)).toEqual(['wechat']);
    expect(offeredProviders(IN_APP)).toEqual(['wechat']);
    expect(offeredProviders({ ...IN_APP, openId: null })).toEqual([]);
    process.env.PAY_SANDBOX = '1';
    expect(offeredProviders(OUTSIDE)).toEqual(['sandbox', 'wechat']);
    delete process.env.PAY_SANDBOX;
  });

  it('is not offered when a setting is missing or the APIv3 key is not 32 bytes: the sandbox is the only one', () => {
    configure({ WECHATPAY_APIV3_KEY: 'short' });
    expect(offeredProviders(OUTSIDE)).toEqual(['sandbox']);
    delete process.env.WECHATPAY_MCHID;
    resetWechatPayConfig();
    expect(offeredProviders(IN_APP)).toEqual(['sandbox']);
    configure();
  });

  it('opens the order with the chosen provider and its pay page; a provider not offered here is refused, nothing written', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    expect(order.pay_url).toBe(`/pay/wechat/${order.id}`);
    expect((await orderRow(order.id)).provider).toBe('wechat');
    const before = await db.handle().db.select({ n: count() }).from(orders);
    for (const provider of ['alipay', 'sandbox', 'x'.repeat(40)])
      await expect(createOrder(m.id, pack.id, { offered: ['wechat'], provider })).rejects.toMatchObject({
        status: 400,
        reason: 'provider',
      });
    await expect(createOrder(m.id, pack.id, { offered: [] })).rejects.toMatchObject({ status: 400, reason: 'provider' });
    expect(await db.handle().db.select({ n: count() }).from(orders)).toEqual(before);
  });
});

describe('the flows: POST /orders/create with a provider, POST /pay/wechat/{id}/cancel', () => {
  type Route = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  const SAME = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' };
  const send = (route: unknown, url: string, headers: Record<string, string>, body = '', params: Record<string, string> = {}) =>
    (route as Route)(new NextRequest(new URL(url, 'http://localhost'), { method: 'POST', headers, body }), {
      params: Promise.resolve(params),
    });

  it('opens a WeChat Pay order from the form and sends the payer to its pay page; a provider not offered lands on /orders/failed', async () => {
    const m = await signedInMember();
    const ok = await send(createOrderRoute, '/orders/create', { ...m.auth, ...SAME }, `pid=${pack.id}&return=%2Fm%2Fmy&provider=wechat`);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toMatch(/\/pay\/wechat\/\d+$/);
    const before = (await db.handle().db.select({ n: count() }).from(orders))[0]!.n;
    const refused = await send(createOrderRoute, '/orders/create', { ...m.auth, ...SAME }, `pid=${pack.id}&provider=alipay`);
    expect(refused.headers.get('location')).toContain('/orders/failed?reason=provider');
    expect((await db.handle().db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
  });

  it('the iOS messaging app with ios_recharge_disabled opens no order, whatever the form names; with it off, JSAPI', async () => {
    const m = await signedInMember();
    await db
      .handle()
      .db.insert(oauthIdentities)
      .values({ memberId: m.id, provider: 'wechat', subject: `oIOS${m.id}` });
    const iosApp = {
      ...m.auth,
      ...SAME,
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
    };
    const before = (await db.handle().db.select({ n: count() }).from(orders))[0]!.n;
    setCachedFlags({ ...DEFAULT_FLAGS, ios_recharge_disabled: true });
    try {
      for (const provider of ['wechat', 'sandbox', '']) {
        const refused = await send(createOrderRoute, '/orders/create', iosApp, `pid=${pack.id}&provider=${provider}`);
        expect(refused.headers.get('location')).toContain('/orders/failed?reason=provider');
      }
      expect((await db.handle().db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
    } finally {
      setCachedFlags(undefined);
    }
    const ok = await send(createOrderRoute, '/orders/create', iosApp, `pid=${pack.id}&provider=wechat`);
    expect(ok.headers.get('location')).toMatch(/\/pay\/wechat\/\d+$/);
  });

  it('cancels only the payer’s own order, only from this origin', async () => {
    const m = await signedInMember();
    const other = await signedInMember();
    const order = await wechatOrder(m.id);
    await startProviderPayment('wechat', order, OUTSIDE);
    const params = { provider: 'wechat', orderId: String(order.id) };
    const url = `/pay/wechat/${order.id}/cancel`;
    expect((await send(cancelRoute, url, { ...m.auth, 'sec-fetch-site': 'cross-site' }, '', params)).status).toBe(403);
    expect((await send(cancelRoute, url, { ...other.auth, ...SAME }, '', params)).status).toBe(404);
    expect((await send(cancelRoute, url, { ...m.auth, ...SAME }, '', { ...params, provider: 'sandbox' })).status).toBe(404);
    expect((await orderRow(order.id)).status).toBe('pending');
    const res = await send(cancelRoute, url, { ...m.auth, ...SAME }, '', params);
    expect(res.status).toBe(303);
    expect((await orderRow(order.id)).status).toBe('cancelled');
  });
});

describe('starting a payment', () => {
  it('H5: prepays with the payer’s address and sends them to the cashier, coming back to our result page', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    const started = await startProviderPayment('wechat', order, OUTSIDE);
    expect(started.ok).toBe(true);
    const start = (started as { ok: true; start: { kind: string; url: string } }).start;
    expect(start.kind).toBe('redirect');
    const url = new URL(start.url);
    expect(url.origin).toBe(standIn.base);
    expect(url.searchParams.get('redirect_url')).toBe(`https://read.example/pay/wechat/${order.id}/result`);
    expect(standIn.state.orders.get(tradeNo(order.id))).toMatchObject({ kind: 'MWEB', total: order.price, state: 'NOTPAY' });
  });

  it('JSAPI: prepays with the OpenID and hands the page parameters signed with the merchant key', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    const started = (await startProviderPayment('wechat', order, IN_APP)) as {
      ok: true;
      start: { kind: 'jsapi'; params: Record<string, string> };
    };
    expect(started.start.kind).toBe('jsapi');
    const p = started.start.params;
    const prepay = standIn.state.orders.get(tradeNo(order.id))!;
    expect(prepay).toMatchObject({ kind: 'JSAPI', openid: IN_APP.openId });
    expect(p.package).toBe(`prepay_id=${prepay.prepayId}`);
    const message = `${APP}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.certPem, p.paySign!, 'base64')).toBe(true);
  });

  it('inside the app without the OpenID, or with the provider down, the payer is told and nothing is paid', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    expect(await startProviderPayment('wechat', order, { ...IN_APP, openId: null })).toEqual({ ok: false, reason: 'provider' });
    standIn.state.failWith = 500;
    expect(await startProviderPayment('wechat', order, OUTSIDE)).toEqual({ ok: false, reason: 'provider_failed' });
    standIn.state.failWith = null;
    expect((await orderRow(order.id)).status).toBe('pending');
  });
});

describe('POST /v1/pay/notify/wechat', () => {
  it('credits a verified payment once, answers SUCCESS, and a replay changes nothing', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    const transaction = await paidAtProvider(order.id);
    const n = standIn.notification('TRANSACTION.SUCCESS', transaction);
    const res = await post(n);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 'SUCCESS', message: 'OK' });
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'paid', providerRef: transaction.transaction_id });
    const balance = await getBalance(m.id);
    expect(balance.welth).toBe(pack.welth + pack.rewardWelth);
    for (const again of [n, standIn.notification('TRANSACTION.SUCCESS', transaction)]) expect((await post(again)).status).toBe(200);
    expect(await getBalance(m.id)).toEqual(balance);
    expect(await auditLedger()).toEqual([]);
  });

  it.each([
    [
      'a tampered body',
      (n: { body: string; headers: Record<string, string> }) => ({
        ...n,
        body: n.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '),
      }),
    ],
    [
      'a wrong serial',
      (n: { body: string; headers: Record<string, string> }) => ({ ...n, headers: { ...n.headers, 'wechatpay-serial': 'DEADBEEF00' } }),
    ],
    [
      'a missing signature',
      (n: { body: string; headers: Record<string, string> }) => ({ ...n, headers: { ...n.headers, 'wechatpay-signature': '' } }),
    ],
    [
      'a forged signature',
      (n: { body: string; headers: Record<string, string> }) => ({
        ...n,
        headers: { ...n.headers, ...lib.platformHeaders(merchant, n.body) },
      }),
    ],
  ])('refuses %s: 400 FAIL, nothing written', async (_label, spoil) => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    const transaction = await paidAtProvider(order.id);
    const before = await notificationCount();
    const res = await post(spoil(standIn.notification('TRANSACTION.SUCCESS', transaction)));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'FAIL', message: 'refused' });
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await notificationCount()).toBe(before);
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
  });

  it('refuses a notification signed long ago (a replay outside the clock window)', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    const transaction = await paidAtProvider(order.id);
    const res = await post(standIn.notification('TRANSACTION.SUCCESS', transaction, { ts: Math.floor(Date.now() / 1000) - 3600 }));
    expect(res.status).toBe(400);
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('refuses a wrong amount, an unknown order and another merchant’s payment, writing nothing', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    const t = await paidAtProvider(order.id);
    const before = await notificationCount();
    const amount = t.amount as { total: number };
    for (const forged of [
      { ...t, amount: { ...amount, total: amount.total - 1 } },
      { ...t, out_trade_no: tradeNo(99_999_999) },
      { ...t, out_trade_no: `XX${String(order.id).padStart(8, '0')}` },
      { ...t, mchid: '1230000109' },
      { ...t, trade_state: 'NOTPAY' },
    ]) {
      expect((await post(standIn.notification('TRANSACTION.SUCCESS', forged))).status).toBe(400);
    }
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await notificationCount()).toBe(before);
  });

  it('learns a rotated platform certificate from /v3/certificates when its serial first appears', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    const transaction = await paidAtProvider(order.id);
    const calls = standIn.state.calls.filter((c) => c === 'GET /v3/certificates').length;
    standIn.rotate();
    expect((await post(standIn.notification('TRANSACTION.SUCCESS', transaction))).status).toBe(200);
    expect(standIn.state.calls.filter((c) => c === 'GET /v3/certificates').length).toBe(calls + 1);
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('answers 404 for a provider that is not configured, 413 past 64 KB and 400 for a body that is not JSON, never 500', async () => {
    const unknown = await post({ body: '{}', headers: { 'content-type': 'application/json' } }, 'alipay');
    expect(unknown.status).toBe(404);
    // Not a provider's notification at all: our own Chinese envelope.
    expect(await unknown.json()).toMatchObject({ code: CODES.notFound });
    const huge = await post({ body: 'x'.repeat(70 * 1024), headers: lib.platformHeaders(standIn.current(), 'x') });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: CODES.tooLarge });
    const junk = { body: 'not json', headers: lib.platformHeaders(standIn.current(), 'not json') };
    expect((await post(junk)).status).toBe(400);
  });

  it('takes a payment for a cancelled order as money to return: flagged, nothing granted', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    await startProviderPayment('wechat', order, OUTSIDE);
    await cancelOrder(order.id, m.id);
    const prepay = standIn.state.orders.get(tradeNo(order.id))!;
    const transaction = { ...standIn.transactionOf(prepay.outTradeNo), trade_state: 'SUCCESS', transaction_id: '4200000000000000001' };
    expect((await post(standIn.notification('TRANSACTION.SUCCESS', transaction))).status).toBe(200);
    const [flag] = await db.handle().db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, order.id));
    expect(flag).toMatchObject({ provider: 'wechat', providerRef: '4200000000000000001', refundStatus: 'due', reason: 'order_cancelled' });
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
  });
});

describe('late notifications, expiry, cancel (docs/payments.md "Late notifications and expiry")', () => {
  it('the job finds a payment whose notification is late and credits it once; the notification is then a replay', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    const transaction = await paidAtProvider(order.id);
    const later = new Date(Date.now() + 4 * 60_000);
    const sweep = await sweepPendingProviderOrders(later);
    expect(sweep.credited).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.id)).status).toBe('paid');
    const balance = await getBalance(m.id);
    expect((await post(standIn.notification('TRANSACTION.SUCCESS', transaction))).status).toBe(200);
    expect(await getBalance(m.id)).toEqual(balance);
  });

  it('the result page asks the provider when the payer is back first', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    await paidAtProvider(order.id);
    expect((await settlePendingOrder('wechat', order, m.id)).status).toBe('paid');
  });

  it('an unpaid order past its expiry is closed at the provider, then expired here', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    await startProviderPayment('wechat', order, OUTSIDE);
    await sweepPendingProviderOrders(new Date(Date.now() + 5 * 60_000));
    expect((await orderRow(order.id)).status).toBe('pending');
    await sweepPendingProviderOrders(new Date(Date.now() + 31 * 60_000));
    expect(standIn.state.orders.get(tradeNo(order.id))!.state).toBe('CLOSED');
    expect((await orderRow(order.id)).status).toBe('expired');
  });

  it('cancelling closes the order at the provider; a payment already taken is credited instead', async () => {
    const m = await signedInMember();
    const open = await wechatOrder(m.id);
    await startProviderPayment('wechat', open, OUTSIDE);
    expect((await cancelProviderOrder('wechat', open.id, m.id)).status).toBe('cancelled');
    expect(standIn.state.orders.get(tradeNo(open.id))!.state).toBe('CLOSED');
    const paid = await wechatOrder(m.id);
    await paidAtProvider(paid.id);
    expect((await cancelProviderOrder('wechat', paid.id, m.id)).status).toBe('paid');
  });
});

describe('refunds and the bill', () => {
  it('a staff refund goes to the provider once, keyed by the order; its notification is recorded', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    await post(standIn.notification('TRANSACTION.SUCCESS', await paidAtProvider(order.id)));
    const result = await refundOrderOnce(finance, { orderId: order.id, reason: '用户申请', override: true });
    expect(result.coins).toBe(pack.welth + pack.rewardWelth);
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
    const prepay = standIn.state.orders.get(tradeNo(order.id))!;
    expect(prepay.state).toBe('REFUND');
    const [refund] = [...prepay.refunds.values()];
    expect(refund).toMatchObject({ out_refund_no: tradeNo(order.id), amount: order.price });
    const [row] = await db.handle().db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(row!.providerRefundRef).toBe(refund!.refund_id);
    await expect(refundOrderOnce(finance, { orderId: order.id, reason: '再退', override: true })).rejects.toMatchObject({ status: 409 });
    expect(prepay.refunds.size).toBe(1);
    const notice = standIn.notification('REFUND.SUCCESS', {
      mchid: MCH,
      out_trade_no: tradeNo(order.id),
      out_refund_no: tradeNo(order.id),
      refund_id: refund!.refund_id,
      refund_status: 'SUCCESS',
    });
    expect((await post(notice)).status).toBe(200);
    expect((await post(notice)).status).toBe(200);
    const recorded = await db
      .handle()
      .db.select()
      .from(paymentNotifications)
      .where(and(eq(paymentNotifications.orderId, order.id), eq(paymentNotifications.notificationId, `refund:${refund!.refund_id}`)));
    expect(recorded).toHaveLength(1);
    expect(await auditLedger()).toEqual([]);
  });

  it('a refund the provider refuses rolls everything back', async () => {
    const m = await signedInMember();
    const order = await wechatOrder(m.id);
    await post(standIn.notification('TRANSACTION.SUCCESS', await paidAtProvider(order.id)));
    standIn.state.failWith = 500;
    await expect(refundOrderOnce(finance, { orderId: order.id, reason: '用户申请', override: true })).rejects.toMatchObject({
      status: 409,
    });
    standIn.state.failWith = null;
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await getBalance(m.id)).toEqual({ welth: pack.welth + pack.rewardWelth, welth_coupon: 0 });
  });

  it('the day’s bill lists our paid and refunded orders in cents', async () => {
    const lines = await wechatPayProvider.bill('2026-01-01');
    const paid = await db
      .handle()
      .db.select()
      .from(orders)
      .where(and(eq(orders.provider, 'wechat')));
    const paidIds = paid.filter((o) => o.status === 'paid' || o.status === 'refunded').map((o) => o.id);
    for (const id of paidIds) expect(lines).toContainEqual(expect.objectContaining({ orderId: id, kind: 'paid', amount: pack.price }));
    const refunded = paid.filter((o) => o.status === 'refunded').map((o) => o.id);
    expect(refunded.length).toBeGreaterThan(0);
    for (const id of refunded) expect(lines).toContainEqual(expect.objectContaining({ orderId: id, kind: 'refund', amount: pack.price }));
  });
});
