// Alipay on the mobile web (docs/payments-alipay.md): RSA2 signing and verification against a notification Alipay
// really signed, and the provider against the local stand-in (test/stand-ins/alipay.ts) — the cashier redirect,
// notifications (good, tampered, wrong amount / app / seller, unknown order, replayed, refund), query, close, refund
// retried, and the bill.
import { eq } from 'drizzle-orm';
import { generateKeyPairSync } from 'node:crypto';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { startAlipayStandIn, type AlipayStandIn } from './stand-ins/alipay';
import { orders, products } from '@/lib/server/db/schema';
import { createOrder } from '@/lib/server/wallet/orders';
import { alipayProvider } from '@/lib/server/wallet/payments/alipay';
import { centsToYuan, yuanToCents } from '@/lib/server/wallet/payments/alipay/amount';
import { rawMember } from '@/lib/server/wallet/payments/alipay/client';
import {
  notifySigningString,
  privateKeyFrom,
  publicKeyFrom,
  requestSigningString,
  rsa2Sign,
  rsa2Verify,
  verifyNotifyParams,
} from '@/lib/server/wallet/payments/alipay/sign';
import type { PayContext } from '@/lib/server/wallet/payments/contract';
import { businessDayOf } from '@/lib/shared/business-time';

process.env.LOG_LEVEL = 'error';
const db = useTestDatabase({ seed: true });

const phone: PayContext = { inMessagingApp: false, ios: false, openId: null, clientIp: '10.1.1.1', origin: 'http://127.0.0.1:3999' };
const ALIPAY_ENV = [
  'ALIPAY_APP_ID',
  'ALIPAY_PRIVATE_KEY_FILE',
  'ALIPAY_PUBLIC_KEY_FILE',
  'ALIPAY_GATEWAY',
  'ALIPAY_SELLER_ID',
  'ALIPAY_NOTIFY_URL',
];

describe('RSA2 signatures', () => {
  // A real trade notification Alipay signed, with the public key it was signed for, as published in Alipay's own
  // Node SDK tests. fund_bill_list arrives as JSON text in the form body.
  const ALIPAY_PUBLIC =
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB';
  const published: Record<string, string> = {
    gmt_create: '2019-08-15 15:56:22',
    charset: 'utf-8',
    seller_email: 'z97-yuquerevenue@service.aliyun.com',
    subject: '语雀空间 500人规模',
    sign: 'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==',
    buyer_id: '2088102534368455',
    invoice_amount: '0.10',
    notify_id: '2019081500222155624068450559358070',
    fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '0.10',
    buyer_pay_amount: '0.10',
    sign_type: 'RSA2',
    app_id: '2019073166072302',
    seller_id: '2088531891668739',
    gmt_payment: '2019-08-15 15:56:24',
    notify_time: '2019-08-15 15:56:25',
    version: '1.0',
    out_trade_no: '20190815155618536-564-57',
    total_amount: '0.10',
    trade_no: '2019081522001468450512505578',
    auth_app_id: '2019073166072302',
    buyer_logon_id: 'xud***@126.com',
    point_amount: '0.00',
  };

  it('verifies the published notification with the bare base64 public key, from a form body as Alipay posts it', () => {
    const key = publicKeyFrom(ALIPAY_PUBLIC);
    const fromBody = Object.fromEntries(new URLSearchParams(new URLSearchParams(published).toString()));
    expect(verifyNotifyParams(fromBody, key)).toBe(true);
  });

  it('refuses it with one field changed, with the amount changed, without sign_type, or with another key', () => {
    const key = publicKeyFrom(ALIPAY_PUBLIC);
    expect(verifyNotifyParams({ ...published, total_amount: '100.10' }, key)).toBe(false);
    expect(verifyNotifyParams({ ...published, out_trade_no: 'x' }, key)).toBe(false);
    expect(verifyNotifyParams({ ...published, extra: '' }, key)).toBe(false);
    const { sign_type: _dropped, ...unsigned } = published;
    expect(verifyNotifyParams(unsigned, key)).toBe(false);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(verifyNotifyParams(published, other)).toBe(false);
    expect(verifyNotifyParams({ ...published, sign: 'not base64 !' }, key)).toBe(false);
  });

  it('signs a request over the sorted non-empty parameters but sign, sign_type included; generated keys round-trip', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const spki = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const params = { method: 'alipay.trade.query', app_id: '1', sign_type: 'RSA2', notify_url: '', biz_content: '{"out_trade_no":"7"}' };
    expect(requestSigningString(params)).toBe('app_id=1&biz_content={"out_trade_no":"7"}&method=alipay.trade.query&sign_type=RSA2');
    expect(notifySigningString({ ...params, sign: 'x' })).toBe(
      'app_id=1&biz_content={"out_trade_no":"7"}&method=alipay.trade.query&notify_url=',
    );
    const sig = rsa2Sign(requestSigningString(params), privateKeyFrom(pkcs8));
    expect(rsa2Verify(requestSigningString(params), sig, publicKeyFrom(spki))).toBe(true);
    expect(rsa2Verify(requestSigningString({ ...params, app_id: '2' }), sig, publicKeyFrom(spki))).toBe(false);
  });

  it('cuts the exact response node out of the answer text, escaped quotes and braces inside strings included', () => {
    const text = '{"alipay_trade_query_response":{"code":"10000","msg":"a \\"}{\\" b","n":{"x":1}},"sign":"abc"}';
    expect(rawMember(text, 'alipay_trade_query_response')).toBe('{"code":"10000","msg":"a \\"}{\\" b","n":{"x":1}}');
    expect(rawMember(text, 'error_response')).toBeNull();
  });

  it('converts yuan and cents exactly', () => {
    expect(centsToYuan(1)).toBe('0.01');
    expect(centsToYuan(123456)).toBe('1234.56');
    expect(yuanToCents('0.1')).toBe(10);
    expect(yuanToCents('-0.01')).toBe(-1);
    expect(yuanToCents('12')).toBe(1200);
    for (const bad of ['', '1.234', 'abc', '1e3', null]) expect(yuanToCents(bad)).toBeNull();
    expect(() => centsToYuan(1.5)).toThrow();
  });
});

describe('against the stand-in', () => {
  let alipay: AlipayStandIn;
  const saved: Record<string, string | undefined> = {};
  let notifyBase: string;
  let server: import('node:http').Server;
  const received: string[] = [];

  beforeAll(async () => {
    // Our notify address, standing in for the notify route: it records what Alipay posts and answers `success`.
    const http = await import('node:http');
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push(body);
        res.end('success');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    notifyBase = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    alipay = await startAlipayStandIn();
    for (const k of ALIPAY_ENV) saved[k] = process.env[k];
    Object.assign(process.env, alipay.env, { ALIPAY_NOTIFY_URL: `${notifyBase}/v1/pay/notify/alipay` });
  });
  afterAll(async () => {
    for (const k of ALIPAY_ENV)
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    await alipay.stop();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  /** An order as the plumbing makes it when the payer chooses Alipay. */
  async function alipayOrder(productName = '600书币') {
    const m = await signedInMember();
    const [p] = await db.handle().db.select().from(products).where(eq(products.name, productName));
    const order = await createOrder(m.id, p!.id, { returnUrl: '/m/wallet' });
    await db.handle().db.update(orders).set({ provider: 'alipay' }).where(eq(orders.id, order.id));
    return order;
  }
  /** Opens the cashier as the payer's browser would, so the stand-in knows the trade. */
  async function started(order: { id: number; price: number }) {
    const s = await alipayProvider.start({ id: order.id, amount: order.price, subject: 'coins' }, phone);
    if (s.kind !== 'redirect') throw new Error('expected a redirect');
    const page = await fetch(s.url);
    return { url: new URL(s.url), page: await page.text() };
  }
  const notify = (rawBody: string) => alipayProvider.parseNotify({ headers: new Headers(), rawBody });

  it('is configured from the environment, offered on phones, not inside the messaging app', () => {
    expect(alipayProvider.configured()).toBe(true);
    expect(alipayProvider.offeredIn(phone)).toBe(true);
    expect(alipayProvider.offeredIn({ ...phone, inMessagingApp: true })).toBe(false);
    const keep = process.env.ALIPAY_APP_ID;
    delete process.env.ALIPAY_APP_ID;
    expect(alipayProvider.configured()).toBe(false);
    expect(alipayProvider.offeredIn(phone)).toBe(false);
    process.env.ALIPAY_APP_ID = keep;
  });

  it('starts wap.pay: a signed GET to the gateway the stand-in accepts, back to the order return address', async () => {
    const order = await alipayOrder();
    const { url, page } = await started(order);
    expect(url.origin + url.pathname).toBe(alipay.gateway);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(url.searchParams.get('return_url')).toBe('http://127.0.0.1:3999/m/wallet');
    const biz = JSON.parse(url.searchParams.get('biz_content')!) as Record<string, string>;
    expect(biz).toMatchObject({ out_trade_no: String(order.id), total_amount: centsToYuan(order.price), product_code: 'QUICK_WAP_WAY' });
    expect(page).toContain(centsToYuan(order.price));
    expect(alipay.trades.get(String(order.id))?.status).toBe('WAIT_BUYER_PAY');
    // Our signature is what the stand-in checked: one changed parameter and the gateway refuses it.
    const before = alipay.badSignatures;
    url.searchParams.set('return_url', 'https://evil.example/');
    await (await fetch(url)).text();
    expect(alipay.badSignatures).toBe(before + 1);
  });

  it('takes the paid notification Alipay posts; the same notification again is the same payment (credited once downstream)', async () => {
    const order = await alipayOrder();
    await started(order);
    received.length = 0;
    expect(await alipay.pay(String(order.id))).toBe('success');
    const first = await notify(received[0]!);
    const tradeNo = alipay.trades.get(String(order.id))!.tradeNo;
    expect(first).toEqual({ payment: { orderId: order.id, amount: order.price, tradeNo }, refund: null });
    // A replay — or Alipay's retry with a new notify_id — names the same trade: the handler's one payment per order.
    const again = await notify(alipay.notifyBody(String(order.id)));
    expect(again.payment).toEqual(first.payment);
    expect(alipayProvider.reply(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(alipayProvider.reply(false).body).toBe('failure');
  });

  it('refuses a tampered body, a wrong amount, another app, another seller, an unknown or non-Alipay order', async () => {
    const order = await alipayOrder();
    await started(order);
    const id = String(order.id);
    const good = alipay.notifyBody(id, { trade_status: 'TRADE_SUCCESS' });
    // Tampered after signing: the amount raised in the body.
    const tampered = good.replace(/total_amount=[^&]+/, 'total_amount=0.01');
    await expect(notify(tampered)).rejects.toThrow('signature');
    // Signed by Alipay's key but not this order's amount / our app / our seller.
    await expect(
      notify(alipay.notifyBody(id, { trade_status: 'TRADE_SUCCESS', total_amount: centsToYuan(order.price - 1) })),
    ).rejects.toThrow('amount');
    await expect(notify(alipay.notifyBody(id, { trade_status: 'TRADE_SUCCESS', app_id: '2021999999999999' }))).rejects.toThrow('app_id');
    await expect(notify(alipay.notifyBody(id, { trade_status: 'TRADE_SUCCESS', seller_id: '2088999999999999' }))).rejects.toThrow(
      'seller_id',
    );
    await expect(notify(alipay.notifyBody(id, { trade_status: 'TRADE_SUCCESS', out_trade_no: '999999999' }))).rejects.toThrow('order');
    await expect(notify(alipay.notifyBody(id, { trade_status: 'TRADE_SUCCESS', out_trade_no: 'abc' }))).rejects.toThrow('body');
    // An order paid through another provider is not Alipay's to confirm.
    const sandboxOrder = await alipayOrder();
    await db.handle().db.update(orders).set({ provider: 'sandbox' }).where(eq(orders.id, sandboxOrder.id));
    await expect(notify(alipay.notifyBody(id, { trade_status: 'TRADE_SUCCESS', out_trade_no: String(sandboxOrder.id) }))).rejects.toThrow(
      'order',
    );
    await expect(notify('')).rejects.toThrow('signature');
    await expect(notify('sign=abc&sign_type=RSA2&app_id=x')).rejects.toThrow('signature');
    // None of it touched the order.
    expect((await db.handle().db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('pending');
  });

  it('a notification for an unpaid or closed trade is neither a payment nor a refund', async () => {
    const order = await alipayOrder();
    await started(order);
    expect(await notify(alipay.notifyBody(String(order.id), { trade_status: 'WAIT_BUYER_PAY' }))).toEqual({ payment: null, refund: null });
    expect(await notify(alipay.notifyBody(String(order.id), { trade_status: 'TRADE_CLOSED' }))).toEqual({ payment: null, refund: null });
  });

  it('queries: no trade yet, waiting, paid; closes an unpaid trade; closing a trade never opened is nothing', async () => {
    const order = await alipayOrder();
    expect(await alipayProvider.query(order.id)).toEqual({ state: 'unpaid' });
    await alipayProvider.close(order.id);
    await started(order);
    expect(await alipayProvider.query(order.id)).toEqual({ state: 'unpaid' });
    await alipayProvider.close(order.id);
    expect(await alipayProvider.query(order.id)).toEqual({ state: 'closed' });

    const paid = await alipayOrder();
    await started(paid);
    await alipay.pay(String(paid.id));
    const q = await alipayProvider.query(paid.id);
    expect(q).toEqual({
      state: 'paid',
      payment: { orderId: paid.id, amount: paid.price, tradeNo: alipay.trades.get(String(paid.id))!.tradeNo },
    });
    // A paid trade cannot be closed: the caller hears it and must not expire the order.
    await expect(alipayProvider.close(paid.id)).rejects.toThrow('ACQ.TRADE_STATUS_ERROR');
  });

  it('refunds once however often it is retried; the refund notification is a refund notice; bad amounts refused', async () => {
    const order = await alipayOrder();
    await started(order);
    await alipay.pay(String(order.id));
    received.length = 0;
    const first = await alipayProvider.refund(order.id, order.price, order.price);
    const retry = await alipayProvider.refund(order.id, order.price, order.price);
    const trade = alipay.trades.get(String(order.id))!;
    expect(retry.ref).toBe(first.ref);
    // The first call moved the money (fund_change Y); the retry, answered N, does not say so again.
    expect([first.settled, retry.settled]).toEqual([true, false]);
    expect(first.ref).toBe(`${trade.tradeNo}/${order.id}`);
    expect(trade.refunds.size).toBe(1);
    expect(trade.status).toBe('TRADE_CLOSED');
    await expect(alipayProvider.refund(order.id, order.price + 1, order.price)).rejects.toThrow(RangeError);
    await expect(alipayProvider.refund(order.id, 0, order.price)).rejects.toThrow(RangeError);
    // The stand-in posts the refund's notification after answering; wait for it.
    for (let i = 0; i < 50 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    const notices = await Promise.all(received.map((b) => notify(b)));
    expect(notices[0]).toEqual({ payment: null, refund: { orderId: order.id, ref: first.ref, ok: true } });
    // An order never paid cannot be refunded.
    const unpaid = await alipayOrder();
    await started(unpaid);
    await expect(alipayProvider.refund(unpaid.id, unpaid.price, unpaid.price)).rejects.toThrow('ACQ.TRADE_STATUS_ERROR');
  });

  it("reads the day's bill: payments and refunds with their amounts, from the GBK zip", async () => {
    const order = await alipayOrder();
    await started(order);
    await alipay.pay(String(order.id));
    await alipayProvider.refund(order.id, order.price, order.price);
    const day = businessDayOf(new Date());
    const lines = await alipayProvider.bill(day);
    const mine = lines.filter((l) => l.orderId === order.id);
    const tradeNo = alipay.trades.get(String(order.id))!.tradeNo;
    expect(mine).toEqual([
      { orderId: order.id, tradeNo, amount: order.price, kind: 'paid' },
      { orderId: order.id, tradeNo, amount: order.price, kind: 'refund' },
    ]);
    expect(await alipayProvider.bill('2001-01-01')).toEqual([]);
  });

  it('an answer not signed by Alipay is not believed', async () => {
    const order = await alipayOrder();
    await started(order);
    await alipay.pay(String(order.id));
    // Alipay's public key swapped for another: the same honest answer no longer verifies.
    const fs = await import('node:fs');
    const path = await import('node:path');
    const os = await import('node:os');
    const other = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-other-')), 'pub.pem');
    fs.writeFileSync(other, generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'pem', type: 'spki' }));
    const keep = process.env.ALIPAY_PUBLIC_KEY_FILE;
    process.env.ALIPAY_PUBLIC_KEY_FILE = other;
    try {
      await expect(alipayProvider.query(order.id)).rejects.toThrow('not signed by alipay');
      await expect(notify(alipay.notifyBody(String(order.id)))).rejects.toThrow('signature');
    } finally {
      process.env.ALIPAY_PUBLIC_KEY_FILE = keep;
    }
  });
});
