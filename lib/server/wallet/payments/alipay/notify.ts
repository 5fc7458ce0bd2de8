import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../../db/client';
import { orders } from '../../../db/schema';
import type { NotifyResult } from '../contract';
import { yuanToCents } from './amount';
import type { AlipayConfig } from './config';
import { verifyNotifyParams } from './sign';

/** Why a notification was refused; the notify route answers `failure` and Alipay tries again later. */
export class AlipayNotifyRefused extends Error {}

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * Authenticates and decodes Alipay's asynchronous notification (docs/payments-alipay.md "Notifications"): the form
 * body, RSA2-signed by Alipay over every parameter but `sign` and `sign_type`. It must be for our app, our seller
 * (when ALIPAY_SELLER_ID is set), one of our Alipay orders, and for that order's amount. A refund's notification
 * (it carries `out_biz_no` / `refund_fee`) is a refund notice, never a payment. A trade that is not paid
 * (WAIT_BUYER_PAY, TRADE_CLOSED) is neither.
 */
export async function parseAlipayNotify(rawBody: string, config: AlipayConfig): Promise<NotifyResult> {
  const params = Object.fromEntries(new URLSearchParams(rawBody)) as Record<string, string>;
  if (!verifyNotifyParams(params, config.alipayPublicKey)) throw new AlipayNotifyRefused('signature');
  if (params.app_id !== config.appId) throw new AlipayNotifyRefused('app_id');
  if (config.sellerId && params.seller_id !== config.sellerId) throw new AlipayNotifyRefused('seller_id');
  const orderId = /^\d{1,10}$/.test(params.out_trade_no ?? '') ? Number(params.out_trade_no) : NaN;
  const amount = yuanToCents(params.total_amount);
  if (!Number.isSafeInteger(orderId) || orderId > 2_147_483_647 || amount === null || amount <= 0 || !params.trade_no)
    throw new AlipayNotifyRefused('body');
  const [order] = await getDb().select({ provider: orders.provider, price: orders.price }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.provider !== 'alipay') throw new AlipayNotifyRefused('order');
  if (order.price !== amount) throw new AlipayNotifyRefused('amount');
  if (params.out_biz_no || params.refund_fee || params.gmt_refund) {
    const ref = `${params.trade_no}/${params.out_biz_no ?? ''}`;
    return { payment: null, refund: { orderId, ref, ok: yuanToCents(params.refund_fee) !== null } };
  }
  if (!PAID.has(params.trade_status ?? '')) return { payment: null, refund: null };
  return { payment: { orderId, amount, tradeNo: params.trade_no }, refund: null };
}
