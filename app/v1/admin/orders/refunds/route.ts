import { withApi } from '@/lib/server/http/with-api';
import { assertAdmin } from '@/lib/server/http/admin';
import { listPaymentExceptions } from '@/lib/server/wallet/payment-exceptions';
import { pagedQuery } from '@/lib/shared/schemas/catalog';

// GET /v1/admin/orders/refunds?start&limit — payments taken but not fulfilled (the order was cancelled or expired,
// or failed its checks at fulfilment), newest first, for staff to refund (docs/wallet-orders.md). Header x-admin-token.
export const GET = withApi(async ({ req, query }) => {
  assertAdmin(req);
  return listPaymentExceptions(query.start, query.limit);
}, { query: pagedQuery });
