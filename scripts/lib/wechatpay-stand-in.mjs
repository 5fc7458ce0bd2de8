// A local stand-in for WeChat Pay API v3 (docs/payments.md "Testing"), on 127.0.0.1 only: JSAPI and H5 prepay, an
// H5 cashier page that "pays", query, close, refund, platform certificates and the trade bill. It checks our
// requests' signatures with the merchant public key it is given, signs every answer with its own platform key, and
// sends real notifications (signed, resource encrypted with the APIv3 key) to the notify address of the prepay.
// Its platform keys and certificates are made when it starts (the openssl command), never stored.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createCipheriv, createHash, createSign, createVerify, randomBytes, X509Certificate } from 'node:crypto';

/** A key pair and a self-signed certificate valid for `days` (openssl req -x509). */
export function makeCertificate(commonName, days = 30) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wxpay-'));
  try {
    const run = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        String(days),
        '-subj',
        `/CN=${commonName}`,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`openssl failed: ${run.stderr}`);
    const certPem = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    return {
      keyPem: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      certPem,
      serial: new X509Certificate(certPem).serialNumber.toUpperCase(),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const lines = (parts) => parts.map((p) => `${p}\n`).join('');
const rsaSign = (keyPem, parts) => createSign('RSA-SHA256').update(lines(parts)).sign(keyPem, 'base64');

/** AEAD_AES_256_GCM as the provider encrypts notification resources and certificates. */
export function encryptResource(plaintext, apiV3Key, associatedData = 'transaction') {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), associated_data: associatedData, nonce };
}

/** The headers the provider signs a body with: Wechatpay-Serial, -Timestamp, -Nonce, -Signature. */
export function platformHeaders(platform, body, ts = Math.floor(Date.now() / 1000)) {
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-serial': platform.serial,
    'wechatpay-timestamp': String(ts),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSign(platform.keyPem, [String(ts), nonce, body]),
  };
}

const yuan = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export async function startWechatPayStandIn({ mchId, appId, apiV3Key, merchantPublicKeyPem, merchantSerial, port = 0 }) {
  const platforms = [makeCertificate('stand-in platform 1')];
  const state = {
    /** out_trade_no → { appid, mchid, total, openid, notifyUrl, state, transactionId, prepayId, description, refunds } */
    orders: new Map(),
    prepays: new Map(),
    calls: [],
    notifications: [],
    /** 'ok' or an HTTP status to answer every API call with (provider outage). */
    failWith: null,
  };
  const current = () => platforms[platforms.length - 1];
  const send = (res, status, data, extraHeaders = {}) => {
    const body = data === null ? '' : JSON.stringify(data);
    res.writeHead(status, { 'content-type': 'application/json', ...platformHeaders(current(), body), ...extraHeaders });
    res.end(body);
  };
  const readBody = (req) =>
    new Promise((resolve) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });

  /** Our Authorization header, checked as the provider checks it: mchid, serial, and the signature over the request. */
  function authorized(req, pathWithQuery, body) {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const f = Object.fromEntries([...header.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (f.mchid !== mchId || f.serial_no !== merchantSerial) return false;
    if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
    return createVerify('RSA-SHA256')
      .update(lines([req.method, pathWithQuery, f.timestamp, f.nonce_str, body]))
      .verify(merchantPublicKeyPem, f.signature, 'base64');
  }

  const transactionOf = (o) => ({
    appid: o.appid,
    mchid: o.mchid,
    out_trade_no: o.outTradeNo,
    transaction_id: o.transactionId ?? undefined,
    trade_type: o.kind,
    trade_state: o.state,
    payer: o.openid ? { openid: o.openid } : undefined,
    amount: { total: o.total, payer_total: o.total, currency: 'CNY', payer_currency: 'CNY' },
    success_time: o.paidAt ?? undefined,
  });

  /** A notification as the provider sends it: the event, its encrypted resource, the signed headers. */
  function notification(eventType, resource, { associatedData = eventType.startsWith('REFUND') ? 'refund' : 'transaction', ts } = {}) {
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType,
      resource: { original_type: associatedData, ...encryptResource(JSON.stringify(resource), apiV3Key, associatedData) },
    });
    return { body, headers: { 'content-type': 'application/json', ...platformHeaders(current(), body, ts) } };
  }

  async function deliver(url, n) {
    const res = await fetch(url, { method: 'POST', headers: n.headers, body: n.body });
    const answer = { status: res.status, body: await res.text() };
    state.notifications.push({ url, ...answer });
    return answer;
  }

  /** The payer pays: the order is SUCCESS and its notification is delivered (unless `notify: false`, a late one). */
  async function pay(outTradeNo, { notify = true } = {}) {
    const o = state.orders.get(outTradeNo);
    if (!o || o.state !== 'NOTPAY') return null;
    o.state = 'SUCCESS';
    o.transactionId = `4200${Date.now()}${randomBytes(3).toString('hex')}`;
    o.paidAt = new Date().toISOString();
    if (!notify) return null;
    return deliver(o.notifyUrl, notification('TRANSACTION.SUCCESS', transactionOf(o)));
  }

  function prepay(kind, input) {
    if (input.appid !== appId || input.mchid !== mchId) return [400, { code: 'PARAM_ERROR', message: 'appid/mchid' }];
    if (!/^[A-Za-z0-9_*|-]{6,32}$/.test(input.out_trade_no ?? '')) return [400, { code: 'PARAM_ERROR', message: 'out_trade_no' }];
    if (!Number.isInteger(input.amount?.total) || input.amount.total < 1) return [400, { code: 'PARAM_ERROR', message: 'amount' }];
    if (kind === 'JSAPI' && !input.payer?.openid) return [400, { code: 'PARAM_ERROR', message: 'openid' }];
    if (kind === 'MWEB' && !input.scene_info?.payer_client_ip) return [400, { code: 'PARAM_ERROR', message: 'scene_info' }];
    let o = state.orders.get(input.out_trade_no);
    if (o && o.total !== input.amount.total) return [400, { code: 'INVALID_REQUEST', message: 'out_trade_no used' }];
    if (o && o.state !== 'NOTPAY') return [400, { code: 'ORDER_CLOSED', message: o.state }];
    if (!o) {
      o = {
        kind,
        appid: input.appid,
        mchid: input.mchid,
        outTradeNo: input.out_trade_no,
        total: input.amount.total,
        openid: input.payer?.openid ?? null,
        notifyUrl: input.notify_url,
        description: input.description,
        state: 'NOTPAY',
        prepayId: `wx${Date.now()}${randomBytes(6).toString('hex')}`,
        refunds: new Map(),
      };
      state.orders.set(o.outTradeNo, o);
      state.prepays.set(o.prepayId, o);
    }
    return [200, kind === 'JSAPI' ? { prepay_id: o.prepayId } : { h5_url: `${base}/cashier/${o.prepayId}?prepay_id=${o.prepayId}` }];
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    const p = url.pathname;
    // The payer's side: the H5 cashier page and the in-app payment the e2e bridge stub calls (no merchant signature).
    if (p.startsWith('/cashier/')) {
      const o = state.prepays.get(p.split('/')[2]);
      if (!o) return res.writeHead(404).end('no such prepay');
      if (req.method === 'GET') {
        const back = url.searchParams.get('redirect_url') ?? '';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>微信支付（本地替身）</title><h1>微信支付（本地替身）</h1><p>¥${yuan(o.total)}</p>` +
            `<form method="post" action="/cashier/${o.prepayId}/pay"><input type="hidden" name="redirect_url" value="${back.replace(/"/g, '&quot;')}"><button type="submit">确认支付</button></form>`,
        );
      }
      const back = new URLSearchParams(body).get('redirect_url');
      await pay(o.outTradeNo);
      res.writeHead(303, { location: back || '/' });
      return res.end();
    }
    if (p === '/jsapi/pay') {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'content-type');
      if (req.method === 'OPTIONS') return res.writeHead(204).end();
      const { prepay_id: prepayId, paySign, timeStamp, nonceStr } = JSON.parse(body || '{}');
      const o = state.prepays.get(prepayId);
      // The messaging app checks the page's pay signature with the merchant's public key before it pays.
      const signed =
        o &&
        createVerify('RSA-SHA256')
          .update(lines([appId, timeStamp, nonceStr, `prepay_id=${prepayId}`]))
          .verify(merchantPublicKeyPem, paySign ?? '', 'base64');
      if (!signed)
        return res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ err_msg: 'get_brand_wcpay_request:fail' }));
      await pay(o.outTradeNo);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ err_msg: 'get_brand_wcpay_request:ok' }));
    }
    if (p === '/billdownload') {
      const csv = state.bills.get(url.searchParams.get('token') ?? '');
      if (!csv || !authorized(req, `${p}${url.search}`, body)) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end(csv);
    }
    // The merchant API: every call signed by us.
    state.calls.push(`${req.method} ${p}`);
    if (!authorized(req, `${p}${url.search}`, body)) return send(res, 401, { code: 'SIGN_ERROR', message: 'signature' });
    if (state.failWith) return send(res, state.failWith, { code: 'SYSTEM_ERROR', message: 'stand-in outage' });
    const input = body ? JSON.parse(body) : {};
    if (req.method === 'POST' && p === '/v3/pay/transactions/jsapi') return send(res, ...prepay('JSAPI', input));
    if (req.method === 'POST' && p === '/v3/pay/transactions/h5') return send(res, ...prepay('MWEB', input));
    const byTrade = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(p);
    if (byTrade) {
      const o = state.orders.get(byTrade[1]);
      if (!o) return send(res, 404, { code: 'ORDER_NOT_EXIST', message: 'no such order' });
      if (!byTrade[2]) return send(res, 200, transactionOf(o));
      if (o.state === 'NOTPAY') o.state = 'CLOSED';
      return send(res, 204, null);
    }
    if (req.method === 'POST' && p === '/v3/refund/domestic/refunds') {
      const o = state.orders.get(input.out_trade_no);
      if (!o || (o.state !== 'SUCCESS' && o.state !== 'REFUND')) return send(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: 'order' });
      if (input.amount?.total !== o.total || !(input.amount?.refund > 0) || input.amount.refund > o.total)
        return send(res, 400, { code: 'PARAM_ERROR', message: 'amount' });
      let r = o.refunds.get(input.out_refund_no);
      if (!r) {
        r = {
          refund_id: `5030${Date.now()}${randomBytes(3).toString('hex')}`,
          out_refund_no: input.out_refund_no,
          amount: input.amount.refund,
          // How the refund ended, as its notification and the refund query say (tests may set ABNORMAL).
          status: 'SUCCESS',
        };
        o.refunds.set(input.out_refund_no, r);
        o.state = 'REFUND';
        const n = notification('REFUND.SUCCESS', {
          mchid: mchId,
          out_trade_no: o.outTradeNo,
          transaction_id: o.transactionId,
          out_refund_no: r.out_refund_no,
          refund_id: r.refund_id,
          refund_status: 'SUCCESS',
          amount: { total: o.total, refund: r.amount, payer_total: o.total, payer_refund: r.amount },
        });
        if (input.notify_url) setTimeout(() => void deliver(input.notify_url, n).catch(() => undefined), 50);
      }
      // PROCESSING, as the provider usually answers: the REFUND.SUCCESS notification says how it ended.
      return send(res, 200, {
        refund_id: r.refund_id,
        out_refund_no: r.out_refund_no,
        status: 'PROCESSING',
        amount: { refund: r.amount, total: o.total },
      });
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(p);
    if (req.method === 'GET' && refundQuery) {
      const r = [...state.orders.values()].map((o) => o.refunds.get(refundQuery[1])).find(Boolean);
      if (!r) return send(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: 'refund' });
      return send(res, 200, { refund_id: r.refund_id, out_refund_no: r.out_refund_no, status: r.status, amount: { refund: r.amount } });
    }
    if (req.method === 'GET' && p === '/v3/certificates') {
      const data = platforms.map((c) => {
        const x = new X509Certificate(c.certPem);
        return {
          serial_no: c.serial,
          effective_time: x.validFrom,
          expire_time: x.validTo,
          encrypt_certificate: encryptResource(c.certPem, apiV3Key, 'certificate'),
        };
      });
      return send(res, 200, { data });
    }
    if (req.method === 'GET' && p === '/v3/bill/tradebill') {
      const rows = [...state.orders.values()].filter((o) => o.state === 'SUCCESS' || o.state === 'REFUND');
      const header =
        '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率';
      const row = (o, st, refund) =>
        [
          '2026-01-01 00:00:00',
          appId,
          mchId,
          '0',
          '',
          o.transactionId,
          o.outTradeNo,
          o.openid ?? '',
          o.kind,
          st,
          'OTHERS',
          'CNY',
          yuan(o.total),
          '0.00',
          refund?.refund_id ?? '0',
          refund?.out_refund_no ?? '0',
          refund ? yuan(refund.amount) : '0.00',
          '0.00',
          '',
          refund ? 'SUCCESS' : '',
          o.description ?? '',
          '',
          '0.00',
          '0.60%',
        ]
          .map((v) => `\`${v}`)
          .join(',');
      const body = [
        header,
        ...rows.map((o) => row(o, 'SUCCESS')),
        ...rows.flatMap((o) => [...o.refunds.values()].map((r) => row(o, 'REFUND', r))),
        '总交易单数,应结订单总金额',
        `\`${rows.length},\`0.00`,
        '',
      ].join('\r\n');
      const token = randomBytes(8).toString('hex');
      state.bills.set(token, body);
      return send(res, 200, {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(body, 'utf8').digest('hex'),
        download_url: `${base}/billdownload?token=${token}`,
      });
    }
    return send(res, 404, { code: 'NOT_FOUND', message: p });
  });
  state.bills = new Map();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    state,
    /** The certificate our configuration starts with (WECHATPAY_PLATFORM_CERT_FILE). */
    platformCertPem: platforms[0].certPem,
    current,
    /** The provider starts signing with a new certificate, found only through /v3/certificates. */
    rotate() {
      platforms.push(makeCertificate(`stand-in platform ${platforms.length + 1}`));
      return current();
    },
    pay,
    notification,
    deliver,
    transactionOf: (outTradeNo) => transactionOf(state.orders.get(outTradeNo)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
