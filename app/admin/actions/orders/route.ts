import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { ordersForm } from '@/lib/shared/schemas/console-money';
import { formatCents } from '@/lib/shared/money';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { refundOrderOnce, refundPaymentException } from '@/lib/server/wallet/refunds';
import { markRefundHandled } from '@/lib/server/wallet/refund-handled';

const D = MONEY_TEXT.done;

// POST /admin/actions/orders {op: refund|exception_refund|refund_handled, id, …, back}: the order page (docs/wallet.md
// "Refunds", docs/payments.md "Refund outcomes").
export const POST = withConsoleForm('refunds', ordersForm, async ({ form, actor }) => {
  if (form.op === 'refund') {
    const r = await refundOrderOnce(actor, { orderId: form.id, reason: form.reason, override: form.override === '1' });
    return D.refund(formatCents(r.amount));
  }
  if (form.op === 'refund_handled') {
    await markRefundHandled(actor, form.id, form.note);
    return D.refundHandled;
  }
  await refundPaymentException(actor, form.id, form.note ?? '');
  return D.exceptionRefund;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
