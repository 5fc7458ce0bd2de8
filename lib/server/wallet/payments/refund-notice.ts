import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { getDb, type Tx } from '../../db/client';
import { orderRefunds, orders, paymentExceptions, paymentNotifications } from '../../db/schema';
import type { ProviderRefundNotice } from './contract';

/** What the provider says became of a refund's money (docs/payments.md "Refund outcomes"); `handled` is staff's. */
export const PROVIDER_REFUND_STATUSES = ['pending', 'settled', 'failed', 'handled'] as const;
export type ProviderRefundStatus = (typeof PROVIDER_REFUND_STATUSES)[number];

/** A refund notice that does not fit our refunds (another order's refund, another provider's order): nothing written. */
export class RefundNoticeRefused extends Error {}

/**
 * applied: the status changed; unchanged: a replay, or news of a refund already settled; unknown: not a refund of
 * ours; after_handled: the provider succeeded after staff had returned the money by hand.
 */
export type RefundNoticeResult = 'applied' | 'unchanged' | 'unknown' | 'after_handled';

interface RefundRow {
  id: number;
  ref: string | null;
  status: string | null;
}

async function refundRows(t: Tx, orderId: number): Promise<{ refund?: RefundRow; exception?: RefundRow }> {
  const [refund] = await t
    .select({ id: orderRefunds.id, ref: orderRefunds.providerRefundRef, status: orderRefunds.providerRefundStatus })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  const [exception] = await t
    .select({ id: paymentExceptions.id, ref: paymentExceptions.providerRefundRef, status: paymentExceptions.providerRefundStatus })
    .from(paymentExceptions)
    .where(and(eq(paymentExceptions.orderId, orderId), eq(paymentExceptions.refundStatus, 'refunded')));
  return { refund, exception };
}

/** Whether the reference is the refund of some other order: a notice pairing it with this order is not believed. */
async function refOfAnotherOrder(t: Tx, orderId: number, ref: string): Promise<boolean> {
  const [a] = await t
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.providerRefundRef, ref), ne(orderRefunds.orderId, orderId)))
    .limit(1);
  if (a) return true;
  const [b] = await t
    .select({ id: paymentExceptions.id })
    .from(paymentExceptions)
    .where(and(eq(paymentExceptions.providerRefundRef, ref), ne(paymentExceptions.orderId, orderId)))
    .limit(1);
  return Boolean(b);
}

/**
 * An authenticated refund notice (or the provider's answer to our refund query), applied to the refund it reports on (docs/payments.md "Refund outcomes"): a staff
 * refund of the order (`order_refunds`) or the return of a payment it never fulfilled (`payment_exceptions`). The
 * status goes pending → settled or failed once; a replay, or any news after `settled`, changes nothing. A notice for
 * an order with no refund of ours is ignored with nothing written; one naming another order's refund, or an order of
 * another provider, is refused. No money moves here: a failed refund is flagged for staff, who settle it by hand.
 */
export async function applyRefundNotice(
  provider: string,
  notice: ProviderRefundNotice,
  now = new Date(),
  source: 'notification' | 'query' = 'notification',
): Promise<RefundNoticeResult> {
  return getDb().transaction(async (t) => {
    // The order's lock first: a refund being written holds it (refundOrder locks the order, asks the provider, then
    // commits), and the provider may notify before that commit. Waiting here, the notice sees the refund row.
    const [order] = await t.select({ provider: orders.provider }).from(orders).where(eq(orders.id, notice.orderId)).for('no key update');
    if (await refOfAnotherOrder(t, notice.orderId, notice.ref)) throw new RefundNoticeRefused('refund_ref');
    if (!order) return 'unknown';
    if (order.provider !== provider) throw new RefundNoticeRefused('order');
    const { refund, exception } = await refundRows(t, notice.orderId);
    const row = refund ?? exception;
    if (!row?.ref) return 'unknown';
    if (row.ref !== notice.ref) throw new RefundNoticeRefused('refund_ref');
    if (source === 'notification')
      await t
        .insert(paymentNotifications)
        .values({ provider, notificationId: `refund:${notice.ref}`, orderId: notice.orderId, payload: notice, receivedAt: now })
        .onConflictDoNothing();
    const next: ProviderRefundStatus = notice.ok ? 'settled' : 'failed';
    // Staff returned it by hand (`handled`): the provider's later word changes nothing here; a success then means the
    // payer got the money twice, which the caller logs for staff.
    if (row.status === 'handled') return notice.ok ? 'after_handled' : 'unchanged';
    if (row.status === 'settled' || row.status === next) return 'unchanged';
    const set = { providerRefundStatus: next, providerRefundAt: now };
    if (refund) await t.update(orderRefunds).set(set).where(eq(orderRefunds.id, row.id));
    else await t.update(paymentExceptions).set(set).where(eq(paymentExceptions.id, row.id));
    return 'applied';
  });
}
