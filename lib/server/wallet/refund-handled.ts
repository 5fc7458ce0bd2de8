import 'server-only';
import { and, eq } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { getDb } from '../db/client';
import { orderRefunds, paymentExceptions } from '../db/schema';
import { ApiError } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';

const E = MONEY_TEXT.errors;

/**
 * Staff returned by hand the money of a refund the provider failed (docs/payments.md "Refund outcomes"): its provider
 * status goes `failed` → `handled`, once, with their note in the audit log. Nothing moves in the ledger — the credit
 * was taken back when the order was refunded — and nothing is asked of the provider. Only a failed refund can be
 * marked; anything else (another status, an order without a refund) is refused with nothing written.
 */
export async function markRefundHandled(actor: StaffActor, orderId: number, note: string, now = new Date()): Promise<void> {
  assertCan(actor, 'refunds');
  await getDb().transaction(async (t) => {
    const [refund] = await t
      .select({ id: orderRefunds.id, status: orderRefunds.providerRefundStatus })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .for('update');
    const [exception] = refund
      ? []
      : await t
          .select({ id: paymentExceptions.id, status: paymentExceptions.providerRefundStatus })
          .from(paymentExceptions)
          .where(and(eq(paymentExceptions.orderId, orderId), eq(paymentExceptions.refundStatus, 'refunded')))
          .for('update');
    const row = refund ?? exception;
    if (!row || row.status !== 'failed') throw new ApiError(CODES.conflict, E.refundNotFailed);
    const set = { providerRefundStatus: 'handled', providerRefundAt: now };
    if (refund) await t.update(orderRefunds).set(set).where(eq(orderRefunds.id, refund.id));
    else await t.update(paymentExceptions).set(set).where(eq(paymentExceptions.id, row.id));
    await writeAudit(t, {
      staffId: actor.id,
      action: 'order.refund_handled',
      targetType: 'order',
      targetId: orderId,
      ip: actor.ip,
      detail: {
        note,
        kind: refund ? 'refund' : 'exception',
        before: { provider_refund_status: 'failed' },
        after: { provider_refund_status: 'handled' },
      },
    });
  });
}
