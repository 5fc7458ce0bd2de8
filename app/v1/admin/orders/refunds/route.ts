import { withApi } from '@/lib/server/http/with-api';
import { listPaymentExceptions } from '@/lib/server/wallet/payment-exceptions';
import { pagedQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/admin/orders/refunds?start&limit — payments taken but not fulfilled (the order was cancelled or expired,
// or failed its checks at fulfilment), newest first, for staff to refund (docs/wallet-orders.md). Header x-admin-token.
export const GET = withApi(({ query }) => listPaymentExceptions(query.start, query.limit), { auth: 'admin', query: pagedQuery });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
