import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { getDb } from '../db/client';
import { orders, paymentExceptions } from '../db/schema';
import { log } from '../logger';

/**
 * Why a payment was taken but not fulfilled (docs/wallet-orders.md): the order was no longer pending when it
 * arrived, or it failed a check at fulfilment.
 */
export type RefundReason =
  'order_cancelled' | 'order_expired' | 'order_rejected' | 'minor_cap' | 'minor_consent' | 'minor_no_pay' | 'coupon' | 'quota';

export interface UnfulfilledPayment {
  orderId: number;
  provider: string;
  providerRef: string;
  amount: number;
  orderStatus: string;
  reason: RefundReason;
}

/** Records the payment and flags it for refund, once per order however often the provider repeats it. */
export async function flagForRefund(tx: Tx, p: UnfulfilledPayment, now: Date): Promise<void> {
  const [fresh] = await tx
    .insert(paymentExceptions)
    .values({ ...p, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentExceptions.id });
  if (fresh) log('warn', 'payment_refund_due', { orderId: p.orderId, reason: p.reason, amount: p.amount });
}

export interface PaymentExceptionDto {
  id: number;
  order_id: number;
  member_id: number;
  provider: string;
  provider_ref: string;
  amount: number;
  reason: string;
  order_status: string;
  refund_status: string;
  created_at: string;
}

/** Payments due a refund, newest first, for staff (GET /v1/admin/orders/refunds). */
export async function listPaymentExceptions(start: number, limit: number): Promise<{ data: PaymentExceptionDto[]; hasmore: boolean }> {
  const rows = await getDb()
    .select({ e: paymentExceptions, memberId: orders.memberId })
    .from(paymentExceptions)
    .innerJoin(orders, eq(orders.id, paymentExceptions.orderId))
    .orderBy(desc(paymentExceptions.id))
    .offset(start)
    .limit(limit);
  const data = rows.map(({ e, memberId }) => ({
    id: e.id,
    order_id: e.orderId,
    member_id: memberId,
    provider: e.provider,
    provider_ref: e.providerRef,
    amount: e.amount,
    reason: e.reason,
    order_status: e.orderStatus,
    refund_status: e.refundStatus,
    created_at: e.createdAt.toISOString(),
  }));
  return { data, hasmore: data.length >= limit };
}
