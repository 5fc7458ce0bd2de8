import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../../../db/client';
import { orders } from '../../../db/schema';
import type { NotifyResult } from '../contract';
import { yuanToCents } from './amount';
import type { AlipayConfig } from './config';
import { verifyNotifyParams } from './sign';

/** Why a notification was refused; the notify route answers `failure` and Alipay tries again later. */
export class AlipayNotifyRefused extends Error {
  constructor(
    reason: string,
    /** For a body of the wrong shape: the fields that did not fit (names only, never their values). */
    readonly fields: string[] = [],
  ) {
    super(reason);
  }
}

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
/** The trade states Alipay documents; any other is not a notification we understand. */
const TRADE_STATES = ['WAIT_BUYER_PAY', 'TRADE_CLOSED', 'TRADE_SUCCESS', 'TRADE_FINISHED'] as const;
/** Yuan with at most two decimals, no sign: "12", "12.3", "12.30". */
const YUAN = /^\d{1,12}(?:\.\d{1,2})?$/;
const text = z.string().min(1).max(256);
const yuan = z.string().regex(YUAN);

/**
 * The fields we read from a notification (docs/payments-alipay.md "Notifications"), checked after the signature.
 * Other parameters Alipay sends (notify_id, buyer_id, gmt_payment…) are signed but not read, so they pass unchecked.
 */
const notifySchema = z.object({
  app_id: text,
  seller_id: text.optional(),
  out_trade_no: z.string().regex(/^[1-9]\d{0,9}$/),
  trade_no: text,
  trade_status: z.enum(TRADE_STATES),
  total_amount: yuan,
  out_biz_no: text.optional(),
  refund_fee: yuan.optional(),
  gmt_refund: text.optional(),
});

/**
 * The form body as one value per name. A name sent twice is refused: the signature would cover one of its values and
 * the reading could take the other.
 */
function formParams(rawBody: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(rawBody)) {
    if (Object.hasOwn(params, k)) throw new AlipayNotifyRefused('body', [k]);
    params[k] = v;
  }
  return params;
}

/**
 * Authenticates and decodes Alipay's asynchronous notification (docs/payments-alipay.md "Notifications"): the form
 * body, RSA2-signed by Alipay over every parameter but `sign` and `sign_type`. Once the signature verifies, the fields
 * we read are parsed (`notifySchema`): a body of another shape is refused ('body'). It must be for our app, our seller
 * (when ALIPAY_SELLER_ID is set), one of our Alipay orders, and for that order's amount. A refund's notification
 * (it carries `out_biz_no` / `refund_fee`) is a refund notice, never a payment. A trade that is not paid
 * (WAIT_BUYER_PAY, TRADE_CLOSED) is neither.
 */
export async function parseAlipayNotify(rawBody: string, config: AlipayConfig): Promise<NotifyResult> {
  const raw = formParams(rawBody);
  if (!verifyNotifyParams(raw, config.alipayPublicKey)) throw new AlipayNotifyRefused('signature');
  const parsed = notifySchema.safeParse(raw);
  if (!parsed.success)
    throw new AlipayNotifyRefused(
      'body',
      parsed.error.issues.map((i) => i.path.join('.') || '(body)'),
    );
  const params = parsed.data;
  if (params.app_id !== config.appId) throw new AlipayNotifyRefused('app_id');
  if (config.sellerId && params.seller_id !== config.sellerId) throw new AlipayNotifyRefused('seller_id');
  const orderId = Number(params.out_trade_no);
  const amount = yuanToCents(params.total_amount);
  if (orderId > 2_147_483_647 || amount === null || amount <= 0) throw new AlipayNotifyRefused('body', ['out_trade_no', 'total_amount']);
  const [order] = await getDb().select({ provider: orders.provider, price: orders.price }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.provider !== 'alipay') throw new AlipayNotifyRefused('order');
  if (order.price !== amount) throw new AlipayNotifyRefused('amount');
  if (params.out_biz_no || params.refund_fee || params.gmt_refund) {
    const ref = `${params.trade_no}/${params.out_biz_no ?? ''}`;
    return { payment: null, refund: { orderId, ref, ok: params.refund_fee !== undefined } };
  }
  if (!PAID.has(params.trade_status)) return { payment: null, refund: null };
  return { payment: { orderId, amount, tradeNo: params.trade_no }, refund: null };
}
