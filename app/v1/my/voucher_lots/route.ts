import { withApi } from '@/lib/server/http/with-api';
import { listVoucherLots } from '@/lib/server/wallet/voucher-lots';
import { voucherLotsQuery } from '@/lib/shared/schemas/wallet-records';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/voucher_lots?status=active|expired|used&start&limit — the member's voucher lots in one state.
export const GET = withApi(({ member, query }) => listVoucherLots(member.id, query.status, query.start, query.limit), {
  auth: 'member',
  query: voucherLotsQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
