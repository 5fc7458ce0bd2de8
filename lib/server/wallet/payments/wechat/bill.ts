import 'server-only';
import type { BillLine } from '../contract';
import { orderIdOf } from './trade-no';

/** Yuan with two decimals ("12.30") to cents, exactly (no floating point). */
function cents(yuan: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(yuan);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : null;
}

// Columns of the trade bill (bill_type ALL), by position: the header row is the provider's own Chinese names.
const COL = { tradeNo: 5, outTradeNo: 6, state: 9, amount: 12, refundAmount: 16 } as const;

/**
 * The lines of a WeChat Pay trade bill that are ours (docs/payments.md "WeChat Pay: bill"): every field starts with
 * a backquote, the first row is the header and the summary after the rows starts without one. A SUCCESS row is a
 * payment, a REFUND row a refund; rows of other merchants' trade numbers are left out.
 */
export function parseTradeBill(csv: string, prefix: string): BillLine[] {
  const lines: BillLine[] = [];
  for (const row of csv.split(/\r?\n/).slice(1)) {
    if (!row.startsWith('`')) break;
    const f = row.split(',').map((v) => v.replace(/^`/, '').trim());
    const orderId = orderIdOf(prefix, f[COL.outTradeNo]);
    if (!orderId) continue;
    const state = f[COL.state];
    const amount = cents(state === 'REFUND' ? (f[COL.refundAmount] ?? '') : (f[COL.amount] ?? ''));
    if (amount === null || (state !== 'SUCCESS' && state !== 'REFUND')) continue;
    lines.push({ orderId, tradeNo: f[COL.tradeNo] ?? '', amount, kind: state === 'SUCCESS' ? 'paid' : 'refund' });
  }
  return lines;
}
