import 'server-only';
import { ApiError } from '../../core/errors';
import { log } from '../../logger';
import { creditProviderPayment, type PaymentOutcome } from '../notifications';
import type { NotifyReply, NotifyRequest } from './contract';
import { realProviderNamed } from './provider';
import { applyRefundNotice, RefundNoticeRefused } from './refund-notice';
import { AlipayNotifyRefused } from './alipay/notify';
import { WechatVerifyError } from './wechat/verifier';

export interface NotifyHandled {
  reply: NotifyReply;
  outcome: PaymentOutcome | null;
}

const NOT_OURS: NotifyReply = { status: 404, contentType: 'text/plain; charset=utf-8', body: 'not found' };

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
    // One line with the reason, and for a body of the wrong shape the names of the fields that did not fit: never the
    // body or headers, which carry the payer's data.
    const fields = err instanceof AlipayNotifyRefused || err instanceof WechatVerifyError ? err.fields : [];
    log('warn', 'pay_notify_refused', {
      provider: providerName,
      reason: err instanceof Error ? err.message : 'unknown',
      ...(fields.length ? { fields } : {}),
    });
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
  if (parsed.refund) {
    const notice = parsed.refund;
    try {
      const result = await applyRefundNotice(providerName, notice, now);
      // A failed refund is flagged for staff on the order (docs/payments.md "Refund outcomes"); the log says so too.
      if (result === 'applied' && !notice.ok) log('warn', 'provider_refund_failed', { provider: providerName, orderId: notice.orderId });
      else if (result === 'after_handled')
        log('warn', 'provider_refund_after_handled', { provider: providerName, orderId: notice.orderId });
      else log('info', `provider_refund_${result}`, { provider: providerName, orderId: notice.orderId, ok: notice.ok });
    } catch (err) {
      if (!(err instanceof RefundNoticeRefused)) throw err;
      log('warn', 'pay_notify_refused', { provider: providerName, orderId: notice.orderId, reason: err.message });
      return { reply: provider.reply(false), outcome };
    }
  }
  return { reply: provider.reply(true), outcome };
}
