import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../../db/client';
import { orders } from '../../../db/schema';
import { ALIPAY_LABEL } from '@/lib/shared/alipay-text';
import { log } from '../../../logger';
import type { BillLine, NotifyReply, PayContext, PayStart, ProviderPayment, ProviderRefund, RealProvider } from '../contract';
import { centsToYuan, yuanToCents } from './amount';
import { parseBillZip } from './bill';
import { AlipayError, AlipayFailure, alipayTimestamp, callAlipay, pageUrl } from './client';
import { alipayConfig, requireAlipayConfig } from './config';
import { parseAlipayNotify } from './notify';

const NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
/**
 * Alipay's refund query has no "processing": an answer without the refund means it was not received, is not done yet
 * or failed. Within this long after we asked for the refund we read it as not done yet; after it, as failed, for staff
 * to return the money by hand (docs/payments-alipay.md "Query, close, refund").
 */
export const ALIPAY_REFUND_FAILED_AFTER_MS = 24 * 3600_000;
const BILL_NOT_EXIST = 'isp.bill_not_exist';

const absolute = (origin: string, address: string | null) => new URL(address ?? '/m/my', origin).toString();

/** True when all three settings are there and both keys load; a broken key is logged (by name, not content) once. */
let warned = false;
function configured(): boolean {
  try {
    return alipayConfig() !== null;
  } catch (err) {
    if (!warned) log('warn', 'alipay_config_unusable', { message: (err as Error).message });
    warned = true;
    return false;
  }
}

/**
 * Starts `alipay.trade.wap.pay` (docs/payments-alipay.md "Paying"): the payer's browser goes to Alipay's cashier with
 * the signed request as a GET; Alipay sends them back to the order's own return address, and closes the trade when
 * the order would expire.
 */
async function start(order: { id: number; amount: number; subject: string }, ctx: PayContext): Promise<PayStart> {
  const config = requireAlipayConfig();
  const [row] = await getDb()
    .select({ returnUrl: orders.returnUrl, cancelUrl: orders.cancelUrl, expiresAt: orders.expiresAt })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (!row) throw new Error(`alipay start: no order ${order.id}`);
  const url = pageUrl(
    config,
    'alipay.trade.wap.pay',
    {
      out_trade_no: String(order.id),
      total_amount: centsToYuan(order.amount),
      subject: order.subject.slice(0, 256),
      product_code: 'QUICK_WAP_WAY',
      quit_url: absolute(ctx.origin, row.cancelUrl),
      time_expire: alipayTimestamp(row.expiresAt),
    },
    {
      return_url: absolute(ctx.origin, row.returnUrl),
      notify_url: config.notifyUrl ?? `${ctx.origin}/v1/pay/notify/alipay`,
    },
  );
  return { kind: 'redirect', url };
}

async function query(orderId: number): Promise<{ state: 'paid'; payment: ProviderPayment } | { state: 'unpaid' | 'closed' }> {
  let node: Record<string, string>;
  try {
    node = await callAlipay(requireAlipayConfig(), 'alipay.trade.query', { out_trade_no: String(orderId) });
  } catch (err) {
    // No trade yet: the payer never reached the cashier, so nothing is paid.
    if (err instanceof AlipayError && err.subCode === NOT_EXIST) return { state: 'unpaid' };
    throw err;
  }
  if (node.out_trade_no !== String(orderId)) throw new Error('alipay query: answer for another order');
  if (node.trade_status === 'TRADE_SUCCESS' || node.trade_status === 'TRADE_FINISHED') {
    const amount = yuanToCents(node.total_amount);
    if (amount === null || !node.trade_no) throw new Error('alipay query: paid trade without amount or trade number');
    return { state: 'paid', payment: { orderId, amount, tradeNo: node.trade_no } };
  }
  return { state: node.trade_status === 'TRADE_CLOSED' ? 'closed' : 'unpaid' };
}

async function close(orderId: number): Promise<void> {
  try {
    await callAlipay(requireAlipayConfig(), 'alipay.trade.close', { out_trade_no: String(orderId) });
  } catch (err) {
    // Alipay creates the trade only when the payer signs in at the cashier: no trade, nothing to close.
    if (err instanceof AlipayError && err.subCode === NOT_EXIST) return;
    throw err;
  }
}

/**
 * `alipay.trade.refund` with out_request_no = the order id: asking again (a retry after a timeout) refunds once,
 * Alipay answering the same refund with fund_change N. The reference is `trade_no/out_request_no`, as in the
 * refund's notification.
 */
async function refund(orderId: number, amount: number, total: number): Promise<ProviderRefund> {
  if (!Number.isInteger(amount) || amount <= 0 || amount > total) throw new RangeError('refund amount out of range');
  const node = await callAlipay(requireAlipayConfig(), 'alipay.trade.refund', {
    out_trade_no: String(orderId),
    refund_amount: centsToYuan(amount),
    out_request_no: String(orderId),
  });
  if (node.out_trade_no !== String(orderId) || !node.trade_no) throw new Error('alipay refund: answer for another order');
  log('info', 'alipay_refund', { orderId, amount, fundChange: node.fund_change });
  // fund_change Y: the money went back with this call. N (a retry) does not say it failed: its notification or the
  // query settles it (docs/payments-alipay.md "Query, close, refund").
  return { ref: `${node.trade_no}/${orderId}`, settled: node.fund_change === 'Y' };
}

/**
 * `alipay.trade.fastpay.refund.query` for the order's refund (out_request_no = the order id, as `refund` sent it),
 * signed and verified like every call. `refund_status` REFUND_SUCCESS: settled. An answer without it: pending while
 * the refund is younger than ALIPAY_REFUND_FAILED_AFTER_MS, failed after. The reference is `trade_no/out_request_no`,
 * as `refund` stored it, so an answer for another trade or refund is not applied (the job checks it).
 */
async function refundStatus(
  orderId: number,
  refundedAt: Date,
  now: Date,
): Promise<{ ref: string | null; status: 'pending' | 'settled' | 'failed' }> {
  const node = await callAlipay(requireAlipayConfig(), 'alipay.trade.fastpay.refund.query', {
    out_trade_no: String(orderId),
    out_request_no: String(orderId),
  });
  if (node.out_trade_no !== undefined && node.out_trade_no !== String(orderId))
    throw new Error('alipay refund query: answer for another order');
  if (node.refund_status === 'REFUND_SUCCESS') {
    if (!node.trade_no || node.out_request_no !== String(orderId)) throw new Error('alipay refund query: success without its refund');
    return { ref: `${node.trade_no}/${orderId}`, status: 'settled' };
  }
  // Nothing about the refund in the answer: no reference to compare (null), only its age decides.
  const ref = node.trade_no ? `${node.trade_no}/${orderId}` : null;
  return { ref, status: now.getTime() - refundedAt.getTime() >= ALIPAY_REFUND_FAILED_AFTER_MS ? 'failed' : 'pending' };
}

/** The trade bill of one day: a short-lived download address, then the zip it names (docs/payments-alipay.md "Bill"). */
async function bill(day: string): Promise<BillLine[]> {
  let node: Record<string, string>;
  try {
    node = await callAlipay(requireAlipayConfig(), 'alipay.data.dataservice.bill.downloadurl.query', {
      bill_type: 'trade',
      bill_date: day,
    });
  } catch (err) {
    // Alipay has no bill for a day without trades.
    if (err instanceof AlipayError && err.subCode === BILL_NOT_EXIST) return [];
    throw err;
  }
  if (!node.bill_download_url) throw new AlipayFailure('no_bill', 'alipay bill: no download address');
  const res = await fetch(node.bill_download_url, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new AlipayFailure('download', `alipay bill: download http ${res.status}`);
  const { lines, foreign } = parseBillZip(new Uint8Array(await res.arrayBuffer()));
  if (foreign) log('info', 'alipay_bill_foreign_lines', { day, foreign });
  return lines;
}

/** `success` stops Alipay's retries; anything else (we send `failure`, with a 400) has it notify again later. */
const reply = (ok: boolean): NotifyReply =>
  ok
    ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
    : { status: 400, contentType: 'text/plain; charset=utf-8', body: 'failure' };

export const alipayProvider: RealProvider = {
  name: 'alipay',
  label: ALIPAY_LABEL,
  configured,
  // Alipay's pages do not open inside the messaging app's browser (docs/payments-alipay.md "Where it is offered").
  offeredIn: (ctx) => !ctx.inMessagingApp && configured(),
  start,
  parseNotify: async (req) => parseAlipayNotify(req.rawBody, requireAlipayConfig()),
  reply,
  query,
  close,
  refund,
  refundStatus,
  bill,
};
