import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../../../db/client';
import { orders } from '../../../db/schema';
import { ALIPAY_LABEL } from '@/lib/shared/alipay-text';
import { log } from '../../../logger';
import type { BillLine, NotifyReply, PayContext, PayStart, ProviderPayment, ProviderRefund, RealProvider } from '../contract';
import { centsToYuan, yuanToCents } from './amount';
import { parseBillZip } from './bill';
import { AlipayError, alipayTimestamp, callAlipay, pageUrl } from './client';
import { alipayConfig, requireAlipayConfig } from './config';
import { parseAlipayNotify } from './notify';

const NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
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
  if (!node.bill_download_url) throw new Error('alipay bill: no download address');
  const res = await fetch(node.bill_download_url, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`alipay bill: download http ${res.status}`);
  const { lines, foreign } = parseBillZip(new Uint8Array(await res.arrayBuffer()));
  if (foreign) log('info', 'alipay_bill_foreign_lines', { day, foreign });
  return lines;
}

const reply = (ok: boolean): NotifyReply => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'failure' });

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
  bill,
};
