import { getOrderOrThrow } from '@/lib/server/wallet/orders';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { SERVER_MSG } from '@/lib/server/messages';
import { orderIdParams } from '@/lib/server/http/flow-schemas';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { log } from '@/lib/server/logger';
import { ApiError, dbUnavailable } from '@/lib/server/core/errors';
import { flowRedirect, withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /pay/sandbox/{orderId}/approve — the sandbox provider takes the payment, hands the app a signed
// notification (checked exactly as POST /v1/pay/notify/sandbox checks one), then sends the payer back to `return`.
// Only the payer's own session may approve, from this origin (withFlow refuses a cross-site post): a real
// provider's checkout is bound to the payer the same way.
export const POST = withFlow(
  async ({ req, params, member }) => {
    // Not the payer's order, or none: 404. A busy database is not "no such order": withFlow answers it as busy.
    const order = await getOrderOrThrow(params.orderId, member.id).catch((err: unknown) => {
      throw err instanceof ApiError ? new ApiError(40400, SERVER_MSG.orderNotFound) : err;
    });
    // The signed notification goes to the notify endpoint's own handler in this process: posting it to an address
    // built from request headers (X-Forwarded-Host) would let a caller aim the server at any host.
    const notification = signSandboxNotification(order.id, order.price);
    const ok = await handlePaymentNotification('sandbox', notification).then(
      () => true,
      (err: unknown) => {
        // A busy database (a rush for a limited pack, after the notification's own retries) is a warning: the page
        // asks the payer to pay again, and the order still holds its slot. Anything else is a fault of ours.
        const busy = (err instanceof ApiError && err.status === 503) || dbUnavailable(err) !== undefined;
        log(busy ? 'warn' : 'error', 'sandbox_notify_failed', { orderId: order.id, err });
        return false;
      },
    );
    return flowRedirect(req, ok ? order.return_url : `/pay/sandbox/${order.id}?failed=1`);
  },
  { auth: 'member', params: orderIdParams },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
