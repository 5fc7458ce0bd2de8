// A local stand-in for Alipay's open platform (docs/payments-alipay.md "Testing"), on 127.0.0.1 only: the gateway
// (wap.pay's cashier page, trade.query, trade.close, trade.refund, trade.fastpay.refund.query, the bill's download
// address), the bill download
// itself, and the asynchronous notifications, RSA2-signed with a key pair made when it starts. It checks our RSA2
// signature with the merchant key pair it also makes, like Alipay does with the public key the merchant uploaded.
// Written on node:crypto alone, apart from our own signer, so a mistake there is not mirrored here.
import http from 'node:http';
import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';

export interface StandInTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  notifyUrl: string;
  returnUrl: string;
  quitUrl: string;
  paidAt: Date | null;
  /** out_request_no → refunded yuan, when, and how it stands (`processing` only in the 'pending' refund mode). */
  refunds: Map<string, { amount: string; at: Date; state: 'success' | 'processing' | 'failed' }>;
}

export interface AlipayStandIn {
  base: string;
  gateway: string;
  appId: string;
  sellerId: string;
  /** What the app's environment needs to talk to this stand-in. */
  env: Record<string, string>;
  trades: Map<string, StandInTrade>;
  /** The bodies our notify address answered, in order. */
  notifyReplies: string[];
  /** Calls refused for a bad signature of ours. */
  badSignatures: number;
  /** Pays a trade as the payer would on the cashier page, then posts the notification; answers our reply. */
  pay(outTradeNo: string): Promise<string>;
  /** A notification body for a trade as Alipay signs it; `overrides` are applied before signing. */
  notifyBody(outTradeNo: string, overrides?: Record<string, string>): string;
  /** Posts a notification body to the trade's notify address; answers our reply text. */
  postNotify(outTradeNo: string, body: string): Promise<string>;
  /** Signs a response node or parameters with Alipay's private key (for tests that forge on purpose). */
  alipaySign(content: string): string;
  /**
   * How trade.refund answers a new refund: 'settled' (the default: fund_change Y, then the refund's notification) or
   * 'pending' (fund_change N, no notification; the refund query reports it once `finishRefund` says how it ended).
   */
  refundMode: 'settled' | 'pending';
  /** Ends a processing refund of a trade: success (the refund query then says REFUND_SUCCESS) or failure. */
  finishRefund(outTradeNo: string, ok: boolean): void;
  /** While true, refund-query answers are signed with a key that is not Alipay's (a forged answer). */
  forgeRefundQuery: boolean;
  /** How many refund queries were answered. */
  readonly refundQueries: number;
  stop(): Promise<void>;
}

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }) as string;
const sign = (content: string, key: KeyObject) => createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
const sortedString = (p: Record<string, string>, omit: string[]) =>
  Object.keys(p)
    .filter((k) => !omit.includes(k) && p[k] !== '')
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&');
/** Beijing time as Alipay writes it. */
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

let gbkTable: Map<string, number[]> | null = null;
/** GBK bytes for a string: the reverse of the built-in decoder, built once (Node has no GBK encoder). */
function gbk(text: string): Uint8Array {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let a = 0x81; a <= 0xfe; a++)
      for (let b = 0x40; b <= 0xfe; b++) {
        if (b === 0x7f) continue;
        const ch = decoder.decode(new Uint8Array([a, b]));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, [a, b]);
      }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else out.push(...(gbkTable.get(ch) ?? [0x3f]));
  }
  return new Uint8Array(out);
}

const BILL_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

export async function startAlipayStandIn(
  opts: { appId?: string; sellerId?: string; port?: number; keyDir?: string } = {},
): Promise<AlipayStandIn> {
  const appId = opts.appId ?? '2021000000000001';
  const sellerId = opts.sellerId ?? '2088000000000001';
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyDir = opts.keyDir ?? mkdtempSync(path.join(tmpdir(), 'alipay-stand-in-'));
  const privateFile = path.join(keyDir, 'app-private.pem');
  const publicFile = path.join(keyDir, 'alipay-public.pem');
  writeFileSync(privateFile, pem(merchant.privateKey, 'pkcs8'), { mode: 0o600 });
  writeFileSync(publicFile, pem(alipay.publicKey, 'spki'));

  const trades = new Map<string, StandInTrade>();
  const notifyReplies: string[] = [];
  let base = '';
  const state = { badSignatures: 0, refundMode: 'settled' as 'settled' | 'pending', forgeRefundQuery: false, refundQueries: 0 };
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const respond = (res: http.ServerResponse, method: string, node: Record<string, unknown>, key = alipay.privateKey) => {
    const name = `${method.replace(/\./g, '_')}_response`;
    const raw = JSON.stringify(node);
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${name}":${raw},"sign":"${sign(raw, key)}"}`);
  };
  const fail = (res: http.ServerResponse, method: string, subCode: string, code = '40004') =>
    respond(res, method, { code, msg: 'Business Failed', sub_code: subCode, sub_msg: subCode });

  function notifyParams(t: StandInTrade, overrides: Record<string, string>): Record<string, string> {
    const params: Record<string, string> = {
      notify_time: beijing(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      trade_status: t.status,
      total_amount: t.totalAmount,
      receipt_amount: t.totalAmount,
      buyer_pay_amount: t.totalAmount,
      seller_id: sellerId,
      subject: t.subject,
      gmt_payment: t.paidAt ? beijing(t.paidAt) : '',
      ...overrides,
    };
    // Alipay signs every parameter it sends but sign and sign_type, empty ones included.
    const content = Object.keys(params)
      .filter((k) => k !== 'sign' && k !== 'sign_type')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    return { ...params, sign: sign(content, alipay.privateKey) };
  }
  const notifyBody = (outTradeNo: string, overrides: Record<string, string> = {}) => {
    const t = trades.get(outTradeNo);
    if (!t) throw new Error(`stand-in: no trade ${outTradeNo}`);
    return new URLSearchParams(notifyParams(t, overrides)).toString();
  };
  async function postNotify(outTradeNo: string, body: string): Promise<string> {
    const t = trades.get(outTradeNo)!;
    const res = await fetch(t.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const text = await res.text();
    notifyReplies.push(text);
    return text;
  }
  async function pay(outTradeNo: string): Promise<string> {
    const t = trades.get(outTradeNo);
    if (!t || t.status !== 'WAIT_BUYER_PAY') throw new Error(`stand-in: trade ${outTradeNo} cannot be paid`);
    t.status = 'TRADE_SUCCESS';
    t.paidAt = new Date();
    return postNotify(outTradeNo, notifyBody(outTradeNo));
  }

  function billZip(day: string): Uint8Array {
    const inDay = (d: Date | null) => d !== null && beijing(d).slice(0, 10) === day;
    const rows: string[] = [];
    for (const t of trades.values()) {
      if (inDay(t.paidAt))
        rows.push(
          `${t.tradeNo}\t,${t.outTradeNo}\t,交易,${t.subject},${beijing(t.paidAt!)},${beijing(t.paidAt!)},,,,,buyer@example.com,${t.totalAmount},${t.totalAmount},0.00,0.00,0.00,0.00,0.00,,0.00,0.00,,0.00,0.00,`,
        );
      for (const [requestNo, r] of t.refunds)
        if (inDay(r.at) && r.state === 'success')
          rows.push(
            `${t.tradeNo}\t,${t.outTradeNo}\t,退款,${t.subject},${beijing(r.at)},${beijing(r.at)},,,,,buyer@example.com,-${r.amount},-${r.amount},0.00,0.00,0.00,0.00,0.00,,0.00,0.00,${requestNo}\t,0.00,0.00,`,
          );
    }
    const detail = [
      '#支付宝业务明细查询',
      `#账号：[${sellerId}0156]`,
      `#起始日期：[${day} 00:00:00]   终止日期：[${day} 23:59:59]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      BILL_HEADER,
      ...rows,
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#导出时间：[${beijing(new Date())}]`,
    ].join('\r\n');
    const summary = ['#支付宝业务汇总查询', '门店编号,门店名称,交易订单总笔数,退款订单总笔数', `,,${rows.length},0`].join('\r\n');
    const compact = day.replace(/-/g, '');
    // Alipay names both files in GBK without saying so; the parser must not rely on the names.
    return zipSync({
      [`${sellerId}0156_${compact}_detail.csv`]: gbk(detail),
      [`${sellerId}0156_${compact}_summary.csv`]: gbk(summary),
    });
  }

  function cashierPage(t: StandInTrade): string {
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>支付宝（测试替身）</title></head>
<body><h1>支付宝收银台（测试替身）</h1><p data-testid="alipay-subject">${t.subject.replace(/[<&>"]/g, '')}</p>
<p>￥<span data-testid="alipay-amount">${t.totalAmount}</span></p>
<form method="post" action="/cashier/pay"><input type="hidden" name="out_trade_no" value="${t.outTradeNo}"><button type="submit">确认付款</button></form>
<p><a href="${t.quitUrl.replace(/"/g, '')}">取消</a></p></body></html>`;
  }

  function gateway(params: Record<string, string>, res: http.ServerResponse) {
    const method = params.method ?? '';
    if (params.app_id !== appId) return fail(res, method, 'isv.invalid-app-id', '40002');
    const ok =
      params.sign_type === 'RSA2' &&
      createVerify('RSA-SHA256')
        .update(sortedString(params, ['sign']), 'utf8')
        .verify(merchant.publicKey, params.sign ?? '', 'base64');
    if (!ok) {
      state.badSignatures++;
      // The real gateway answers a bad signature without signing it.
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      return res.end(JSON.stringify({ error_response: { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' } }));
    }
    let biz: Record<string, string> = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    } catch {
      return fail(res, method, 'isv.invalid-biz-content', '40002');
    }
    const t = trades.get(biz.out_trade_no ?? '');
    switch (method) {
      case 'alipay.trade.wap.pay': {
        if (!/^\d+\.\d{2}$/.test(biz.total_amount ?? '') || biz.product_code !== 'QUICK_WAP_WAY' || !params.notify_url)
          return fail(res, method, 'isv.invalid-parameter', '40002');
        const trade =
          t ??
          ({
            outTradeNo: biz.out_trade_no!,
            tradeNo: `${beijing(new Date()).slice(0, 10).replace(/-/g, '')}22001${randomBytes(8).toString('hex')}`.slice(0, 28),
            totalAmount: biz.total_amount!,
            subject: biz.subject ?? '',
            status: 'WAIT_BUYER_PAY',
            notifyUrl: params.notify_url,
            returnUrl: params.return_url ?? '',
            quitUrl: biz.quit_url ?? '',
            paidAt: null,
            refunds: new Map(),
          } satisfies StandInTrade);
        trades.set(trade.outTradeNo, trade);
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        return res.end(cashierPage(trade));
      }
      case 'alipay.trade.query':
        if (!t || t.status === 'WAIT_BUYER_PAY')
          return t
            ? respond(res, method, {
                code: '10000',
                msg: 'Success',
                out_trade_no: t.outTradeNo,
                trade_no: t.tradeNo,
                trade_status: t.status,
                total_amount: t.totalAmount,
              })
            : fail(res, method, 'ACQ.TRADE_NOT_EXIST');
        return respond(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.outTradeNo,
          trade_no: t.tradeNo,
          trade_status: t.status,
          total_amount: t.totalAmount,
          send_pay_date: t.paidAt ? beijing(t.paidAt) : undefined,
        });
      case 'alipay.trade.close':
        if (!t) return fail(res, method, 'ACQ.TRADE_NOT_EXIST');
        if (t.status !== 'WAIT_BUYER_PAY') return fail(res, method, 'ACQ.TRADE_STATUS_ERROR');
        t.status = 'TRADE_CLOSED';
        return respond(res, method, { code: '10000', msg: 'Success', out_trade_no: t.outTradeNo, trade_no: t.tradeNo });
      case 'alipay.trade.refund': {
        if (!t) return fail(res, method, 'ACQ.TRADE_NOT_EXIST');
        if (t.status === 'WAIT_BUYER_PAY') return fail(res, method, 'ACQ.TRADE_STATUS_ERROR');
        const requestNo = biz.out_request_no ?? t.outTradeNo;
        const cents = (y: string) => Math.round(Number(y) * 100);
        const refunded = () => [...t.refunds.values()].reduce((s, r) => s + cents(r.amount), 0);
        const earlier = t.refunds.get(requestNo);
        if (earlier) {
          // The same request again: answered as before, no money moves (fund_change N).
          if (earlier.amount !== biz.refund_amount) return fail(res, method, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL');
          return respond(res, method, {
            code: '10000',
            msg: 'Success',
            out_trade_no: t.outTradeNo,
            trade_no: t.tradeNo,
            refund_fee: (refunded() / 100).toFixed(2),
            fund_change: 'N',
          });
        }
        if (!/^\d+\.\d{2}$/.test(biz.refund_amount ?? '') || refunded() + cents(biz.refund_amount!) > cents(t.totalAmount))
          return fail(res, method, 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL');
        const at = new Date();
        const pending = state.refundMode === 'pending';
        t.refunds.set(requestNo, { amount: biz.refund_amount!, at, state: pending ? 'processing' : 'success' });
        const total = (refunded() / 100).toFixed(2);
        if (refunded() === cents(t.totalAmount)) t.status = 'TRADE_CLOSED';
        respond(res, method, {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.outTradeNo,
          trade_no: t.tradeNo,
          refund_fee: total,
          fund_change: pending ? 'N' : 'Y',
        });
        // Still processing: no notification now; the refund query tells once finishRefund has ended it.
        if (pending) return;
        // Then the refund's notification, as Alipay sends for a wap trade.
        void postNotify(
          t.outTradeNo,
          notifyBody(t.outTradeNo, { out_biz_no: requestNo, refund_fee: total, gmt_refund: beijing(at) }),
        ).catch(() => undefined);
        return;
      }
      case 'alipay.trade.fastpay.refund.query': {
        state.refundQueries++;
        if (!t) return fail(res, method, 'ACQ.TRADE_NOT_EXIST');
        if (!biz.out_request_no) return fail(res, method, 'isv.missing-parameter', '40001');
        const r = t.refunds.get(biz.out_request_no);
        const key = state.forgeRefundQuery ? forger.privateKey : alipay.privateKey;
        // Alipay's answer names the refund only once it succeeded; processing, failed or unknown look the same.
        if (!r || r.state !== 'success')
          return respond(res, method, { code: '10000', msg: 'Success', out_trade_no: t.outTradeNo, trade_no: t.tradeNo }, key);
        return respond(
          res,
          method,
          {
            code: '10000',
            msg: 'Success',
            out_trade_no: t.outTradeNo,
            trade_no: t.tradeNo,
            out_request_no: biz.out_request_no,
            total_amount: t.totalAmount,
            refund_amount: r.amount,
            refund_status: 'REFUND_SUCCESS',
          },
          key,
        );
      }
      case 'alipay.data.dataservice.bill.downloadurl.query':
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(biz.bill_date ?? ''))
          return fail(res, method, 'isv.invalid-parameter', '40002');
        return respond(res, method, {
          code: '10000',
          msg: 'Success',
          bill_download_url: `${base}/bill/${biz.bill_date}.zip?token=${randomBytes(8).toString('hex')}`,
        });
      default:
        return fail(res, method, 'isv.invalid-method', '40002');
    }
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        const form = Object.fromEntries(new URLSearchParams(body)) as Record<string, string>;
        if (url.pathname === '/gateway.do') return gateway({ ...Object.fromEntries(url.searchParams), ...form }, res);
        if (url.pathname === '/cashier/pay' && req.method === 'POST') {
          const t = trades.get(form.out_trade_no ?? '');
          if (!t || t.status !== 'WAIT_BUYER_PAY') {
            res.writeHead(409, { 'content-type': 'text/plain;charset=utf-8' });
            return res.end('trade not payable');
          }
          await pay(t.outTradeNo);
          // The synchronous return: signed parameters on the merchant's return page, which must not trust them.
          const back = new URL(t.returnUrl);
          const ret: Record<string, string> = {
            app_id: appId,
            charset: 'utf-8',
            method: 'alipay.trade.wap.pay.return',
            out_trade_no: t.outTradeNo,
            trade_no: t.tradeNo,
            total_amount: t.totalAmount,
            seller_id: sellerId,
            timestamp: beijing(new Date()),
            version: '1.0',
            sign_type: 'RSA2',
          };
          ret.sign = sign(sortedString(ret, ['sign', 'sign_type']), alipay.privateKey);
          for (const [k, v] of Object.entries(ret)) back.searchParams.set(k, v);
          res.writeHead(302, { location: back.toString() });
          return res.end();
        }
        const bill = /^\/bill\/(\d{4}-\d{2}-\d{2})\.zip$/.exec(url.pathname);
        if (bill && url.searchParams.get('token')) {
          res.writeHead(200, { 'content-type': 'application/zip' });
          return res.end(Buffer.from(billZip(bill[1]!)));
        }
        res.writeHead(404);
        res.end();
      })().catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
  const standIn: AlipayStandIn = {
    base,
    gateway: `${base}/gateway.do`,
    appId,
    sellerId,
    env: {
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY_FILE: privateFile,
      ALIPAY_PUBLIC_KEY_FILE: publicFile,
      ALIPAY_GATEWAY: `${base}/gateway.do`,
      ALIPAY_SELLER_ID: sellerId,
    },
    trades,
    notifyReplies,
    get badSignatures() {
      return state.badSignatures;
    },
    pay,
    notifyBody,
    postNotify,
    alipaySign: (content) => sign(content, alipay.privateKey),
    get refundMode() {
      return state.refundMode;
    },
    set refundMode(mode) {
      state.refundMode = mode;
    },
    finishRefund(outTradeNo, ok) {
      const t = trades.get(outTradeNo);
      const r = t?.refunds.get(outTradeNo);
      if (!r || r.state !== 'processing') throw new Error(`stand-in: no processing refund of ${outTradeNo}`);
      r.state = ok ? 'success' : 'failed';
    },
    get forgeRefundQuery() {
      return state.forgeRefundQuery;
    },
    set forgeRefundQuery(on) {
      state.forgeRefundQuery = on;
    },
    get refundQueries() {
      return state.refundQueries;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return standIn;
}
