import 'server-only';
import { PAY_TEXT } from '@/lib/shared/payment-text';
import type { NotifyResult, PayContext, ProviderPayment, RealProvider } from '../contract';
import { parseTradeBill } from './bill';
import { clientFor, WechatPayError } from './client';
import { wechatPayConfig, type WechatPayConfig } from './config';
import { jsapiPayParams } from './signer';
import { orderIdOf, outTradeNo } from './trade-no';
import {
  fieldsOf,
  notifyEnvelope,
  paidTransactionSchema,
  refundResourceSchema,
  transactionSchema,
  type Transaction,
} from './notify-schema';
import { decryptResource, WechatVerifyError } from './verifier';

/** The JSON of a signed body or decrypted resource; not JSON is a body of the wrong shape. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WechatVerifyError('body', ['(json)']);
  }
}

function configOrThrow(): WechatPayConfig {
  const config = wechatPayConfig();
  if (!config) throw new WechatPayError(0, 'NOT_CONFIGURED');
  return config;
}

/** A transaction the provider reports paid, as a payment of one of our orders (ours: mchid, appid, trade number). */
function paymentOf(config: WechatPayConfig, t: Transaction): ProviderPayment | null {
  const orderId = orderIdOf(config.tradePrefix, t.out_trade_no);
  if (!orderId || t.mchid !== config.mchId || t.appid !== config.appId || t.trade_state !== 'SUCCESS') return null;
  if (!t.transaction_id || !t.amount) return null;
  return { orderId, amount: t.amount.total, tradeNo: t.transaction_id };
}

/**
 * WeChat Pay API v3 (docs/payments.md "WeChat Pay"): JSAPI inside the messaging app with the payer's OpenID, H5 in
 * other mobile browsers. Offered only when configured by environment (WECHATPAY_*).
 */
export const wechatPayProvider: RealProvider = {
  name: 'wechat',
  label: PAY_TEXT.providerLabel.wechat!,
  configured: () => wechatPayConfig() !== null,

  // Inside the messaging app only JSAPI works, and it needs the payer's OpenID from the app's sign-in; outside,
  // the H5 cashier opens in the phone's browser.
  offeredIn: (ctx: PayContext) => (ctx.inMessagingApp ? ctx.openId !== null : true),

  async start(order, ctx) {
    const config = configOrThrow();
    const client = clientFor(config);
    const common = {
      appid: config.appId,
      mchid: config.mchId,
      description: order.subject.slice(0, 120),
      out_trade_no: outTradeNo(config.tradePrefix, order.id),
      notify_url: config.notifyUrl,
      amount: { total: order.amount, currency: 'CNY' },
    };
    if (ctx.inMessagingApp) {
      if (!ctx.openId) throw new WechatPayError(0, 'NO_OPENID');
      const answer = await client.call<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', {
        ...common,
        payer: { openid: ctx.openId },
      });
      if (!answer?.prepay_id) throw new WechatPayError(200, 'NO_PREPAY_ID');
      return { kind: 'jsapi', params: jsapiPayParams(config.appId, answer.prepay_id, config.privateKey) };
    }
    const answer = await client.call<{ h5_url?: string }>('POST', '/v3/pay/transactions/h5', {
      ...common,
      scene_info: { payer_client_ip: ctx.clientIp, h5_info: { type: 'Wap' } },
    });
    if (!answer?.h5_url) throw new WechatPayError(200, 'NO_H5_URL');
    const url = new URL(answer.h5_url);
    // After paying (or not) the cashier sends the payer to our result page, which asks the provider.
    url.searchParams.set('redirect_url', `${ctx.origin}/pay/wechat/${order.id}/result`);
    return { kind: 'redirect', url: url.toString() };
  },

  async parseNotify({ headers, rawBody }): Promise<NotifyResult> {
    const config = configOrThrow();
    await clientFor(config).keys.verify(headers, rawBody);
    // Signed by the provider: now its shape (notify-schema.ts), the envelope first, then the decrypted resource.
    const event = notifyEnvelope.safeParse(jsonOf(rawBody));
    if (!event.success) throw new WechatVerifyError('body', fieldsOf(event.error));
    const kind = event.data.event_type;
    if (kind !== 'TRANSACTION.SUCCESS' && !kind.startsWith('REFUND.')) return { payment: null, refund: null };
    const resource = jsonOf(decryptResource(event.data.resource, config.apiV3Key));
    if (kind === 'TRANSACTION.SUCCESS') {
      const t = paidTransactionSchema.safeParse(resource);
      if (!t.success) throw new WechatVerifyError('body', fieldsOf(t.error));
      const payment = paymentOf(config, t.data);
      if (!payment) throw new WechatVerifyError('body');
      return { payment, refund: null };
    }
    const r = refundResourceSchema.safeParse(resource);
    if (!r.success) throw new WechatVerifyError('body', fieldsOf(r.error));
    const orderId = orderIdOf(config.tradePrefix, r.data.out_trade_no);
    if (!orderId || r.data.mchid !== config.mchId) throw new WechatVerifyError('body');
    return { payment: null, refund: { orderId, ref: r.data.refund_id, ok: r.data.refund_status === 'SUCCESS' } };
  },

  reply: (ok) =>
    ok
      ? { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: 'OK' }) }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: 'refused' }) },

  async query(orderId) {
    const config = configOrThrow();
    let answer: unknown;
    try {
      answer = await clientFor(config).call<unknown>(
        'GET',
        `/v3/pay/transactions/out-trade-no/${outTradeNo(config.tradePrefix, orderId)}?mchid=${encodeURIComponent(config.mchId)}`,
      );
    } catch (err) {
      // Never prepaid there (the payer never reached the provider): nothing to pay or close.
      if (err instanceof WechatPayError && err.status === 404) return { state: 'closed' };
      throw err;
    }
    // A signed answer, but read like a notification: of the transaction's shape, or not believed.
    const parsed = transactionSchema.safeParse(answer);
    if (!parsed.success) throw new WechatPayError(200, 'BAD_TRANSACTION');
    const t = parsed.data;
    const state = t.trade_state;
    if (state === 'SUCCESS' || state === 'REFUND') {
      const payment = paymentOf(config, { ...t, trade_state: 'SUCCESS' });
      if (!payment || payment.orderId !== orderId) throw new WechatPayError(200, 'BAD_TRANSACTION');
      return { state: 'paid', payment };
    }
    if (state === 'NOTPAY' || state === 'USERPAYING') return { state: 'unpaid' };
    return { state: 'closed' };
  },

  async close(orderId) {
    const config = configOrThrow();
    await clientFor(config).call('POST', `/v3/pay/transactions/out-trade-no/${outTradeNo(config.tradePrefix, orderId)}/close`, {
      mchid: config.mchId,
    });
  },

  async refund(orderId, amount, total) {
    const config = configOrThrow();
    const tradeNo = outTradeNo(config.tradePrefix, orderId);
    // The order's own trade number is the refund number: asking again (a retry) is the same refund at the provider.
    const answer = await clientFor(config).call<{ refund_id?: string; status?: string }>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: tradeNo,
      out_refund_no: tradeNo,
      notify_url: config.notifyUrl,
      amount: { refund: amount, total, currency: 'CNY' },
    });
    if (!answer?.refund_id || answer.status === 'ABNORMAL' || answer.status === 'CLOSED')
      throw new WechatPayError(200, answer?.status ?? 'NO_REFUND_ID');
    // PROCESSING (the usual answer): the REFUND.* notification, or the refund query, says later how it ended.
    return { ref: answer.refund_id, settled: answer.status === 'SUCCESS' };
  },

  async refundStatus(orderId) {
    const config = configOrThrow();
    const answer = await clientFor(config).call<{ refund_id?: string; status?: string }>(
      'GET',
      `/v3/refund/domestic/refunds/${outTradeNo(config.tradePrefix, orderId)}`,
    );
    if (!answer?.refund_id) throw new WechatPayError(200, 'NO_REFUND_ID');
    const status = answer.status === 'SUCCESS' ? 'settled' : answer.status === 'PROCESSING' ? 'pending' : 'failed';
    return { ref: answer.refund_id, status };
  },

  async bill(day) {
    const config = configOrThrow();
    const client = clientFor(config);
    const answer = await client.call<{ download_url?: string; hash_value?: string }>(
      'GET',
      `/v3/bill/tradebill?bill_date=${encodeURIComponent(day)}&bill_type=ALL`,
    );
    if (!answer?.download_url || !answer.hash_value) throw new WechatPayError(200, 'NO_BILL');
    return parseTradeBill(await client.download(answer.download_url, answer.hash_value), config.tradePrefix);
  },
};
