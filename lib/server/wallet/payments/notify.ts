import 'server-only';
import { getDb } from '../../db/client';
import { paymentNotifications } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { log } from '../../logger';
import { creditProviderPayment, type PaymentOutcome } from '../notifications';
import type { NotifyReply, NotifyRequest, ProviderRefundNotice } from './contract';
import { realProviderNamed } from './provider';

export interface NotifyHandled {
  reply: NotifyReply;
  outcome: PaymentOutcome | null;
}

const NOT_OURS: NotifyReply = { status: 404, contentType: 'text/plain; charset=utf-8', body: 'not found' };

/**
 * A refund's outcome as the provider reports it: recorded once per refund reference; a refund the provider could
 * not complete is logged for staff, who see the order's refund row without a settled reference (docs/payments.md).
 */
async function recordRefundNotice(provider: string, notice: ProviderRefundNotice): Promise<void> {
  await getDb()
    .insert(paymentNotifications)
    .values({ provider, notificationId: `refund:${notice.ref}`, orderId: notice.orderId, payload: notice })
    .onConflictDoNothing();
  log(notice.ok ? 'info' : 'warn', notice.ok ? 'provider_refund_settled' : 'provider_refund_failed', { provider, orderId: notice.orderId });
}

/**
 * POST /v1/pay/notify/{provider}: authenticate the raw notification (parseNotify), then credit the payment exactly
 * once through the same handler as every payment (docs/payments.md "Notifications"). A notification that does not
 * authenticate, or whose order or amount is not ours, writes nothing and is answered as refused; the provider's
 * retries meet the same answer. A replay of a credited payment is answered as taken, so the provider stops.
 */
export async function takeProviderNotification(providerName: string, req: NotifyRequest, now = new Date()): Promise<NotifyHandled> {
  const provider = realProviderNamed(providerName);
  if (!provider) return { reply: NOT_OURS, outcome: null };
  let parsed;
  try {
    parsed = await provider.parseNotify(req);
  } catch (err) {
    // The reason only: never the body or headers, which carry the payer's data.
    log('warn', 'pay_notify_refused', { provider: providerName, reason: err instanceof Error ? err.message : 'unknown' });
    return { reply: provider.reply(false), outcome: null };
  }
  let outcome: PaymentOutcome | null = null;
  if (parsed.payment) {
    try {
      outcome = await creditProviderPayment(
        providerName,
        parsed.payment,
        { trade_no: parsed.payment.tradeNo, amount: parsed.payment.amount },
        now,
      );
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      log('warn', 'pay_notify_refused', { provider: providerName, orderId: parsed.payment.orderId, reason: err.message });
      return { reply: provider.reply(false), outcome: null };
    }
  }
  if (parsed.refund) await recordRefundNotice(providerName, parsed.refund);
  return { reply: provider.reply(true), outcome };
}
