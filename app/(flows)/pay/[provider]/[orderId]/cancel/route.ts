import { z } from 'zod';
import { SERVER_MSG } from '@/lib/server/messages';
import { ApiError } from '@/lib/server/core/errors';
import { orderIdParams } from '@/lib/server/http/flow-schemas';
import { flowRedirect, withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { cancelProviderOrder, payerOrder } from '@/lib/server/wallet/payments/pay-flow';

const params = orderIdParams.extend({ provider: z.string().max(16) });

// POST /pay/{provider}/{orderId}/cancel — the payer gives up paying at a real provider (docs/payments.md "The pay
// page"): the provider is asked first (a payment already taken is credited, not cancelled), the order is closed
// there and cancelled here. Only the payer's own session, from this origin (withFlow).
export const POST = withFlow(
  async ({ req, params: p, member }) => {
    const order = await payerOrder(p.provider, p.orderId, member.id);
    if (!order) throw new ApiError(40400, SERVER_MSG.orderNotFound);
    const after = await cancelProviderOrder(p.provider, order.id, member.id);
    return flowRedirect(
      req,
      after.status === 'paid' ? after.return_url : after.status === 'pending' ? `/pay/${p.provider}/${order.id}/result` : after.cancel_url,
    );
  },
  { auth: 'member', params },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
