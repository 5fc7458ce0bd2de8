import 'server-only';
import type { BillLine } from '../payments/contract';

export type Issue = 'missing_ours' | 'missing_theirs' | 'amount_differs';

/** One payment or refund as we recorded it, in cents. */
export interface OurRecord {
  orderId: number;
  kind: 'paid' | 'refund';
  amount: number;
}

export interface Difference {
  orderId: number;
  kind: 'paid' | 'refund';
  issue: Issue;
  ourAmount: number | null;
  theirAmount: number | null;
  tradeNo: string | null;
}

const key = (kind: string, orderId: number) => `${kind}:${orderId}`;

function sum<T extends { orderId: number; kind: 'paid' | 'refund'; amount: number }>(rows: readonly T[]) {
  const out = new Map<string, { orderId: number; kind: 'paid' | 'refund'; amount: number; tradeNo: string | null }>();
  for (const r of rows) {
    const k = key(r.kind, r.orderId);
    const had = out.get(k);
    const tradeNo = 'tradeNo' in r ? String(r.tradeNo) : null;
    out.set(k, { orderId: r.orderId, kind: r.kind, amount: (had?.amount ?? 0) + r.amount, tradeNo: had?.tradeNo ?? tradeNo });
  }
  return out;
}

/**
 * The differences between a provider's bill of one day and our records (docs/reconciliation.md "What counts as a
 * difference"). Each bill line is looked up among all our records of its order, whatever day we booked it (a
 * payment at 23:59:59 may reach us after midnight); each of our records of the day must be on the bill. Partial
 * refunds of one order are added up on both sides.
 */
export function compareBill(theirs: readonly BillLine[], oursOfDay: readonly OurRecord[], oursAnyDay: readonly OurRecord[]): Difference[] {
  const their = sum(theirs);
  const known = sum(oursAnyDay);
  const diffs: Difference[] = [];
  for (const [k, t] of their) {
    const ours = known.get(k);
    if (!ours)
      diffs.push({ orderId: t.orderId, kind: t.kind, issue: 'missing_ours', ourAmount: null, theirAmount: t.amount, tradeNo: t.tradeNo });
    else if (ours.amount !== t.amount)
      diffs.push({
        orderId: t.orderId,
        kind: t.kind,
        issue: 'amount_differs',
        ourAmount: ours.amount,
        theirAmount: t.amount,
        tradeNo: t.tradeNo,
      });
  }
  for (const [k, o] of sum(oursOfDay))
    if (!their.has(k))
      diffs.push({ orderId: o.orderId, kind: o.kind, issue: 'missing_theirs', ourAmount: o.amount, theirAmount: null, tradeNo: null });
  return diffs.sort((a, b) => a.orderId - b.orderId || a.kind.localeCompare(b.kind));
}
