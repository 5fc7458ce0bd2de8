import { cancelOrder } from '@/lib/server/wallet/orders';
import { SERVER_MSG } from '@/lib/server/messages';
import { ApiError } from '@/lib/server/core/errors';
import { orderIdParams } from '@/lib/server/http/flow-schemas';
import { flowRedirect, withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /pay/sandbox/{orderId}/cancel — the payer gives up: their order is cancelled and they go back to `cancel`.
// Anyone else's order (or a visitor without a session) cannot be cancelled: ids are sequential and easy to guess;
// and only from this origin (withFlow), so another site cannot cancel a payer's order with a hidden form.
export const POST = withFlow(
  async ({ req, params, member }) => {
    const order = await cancelOrder(params.orderId, member.id).catch(() => {
      throw new ApiError(40400, SERVER_MSG.orderNotFound);
    });
    return flowRedirect(req, order.cancel_url);
  },
  { auth: 'member', params: orderIdParams },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
