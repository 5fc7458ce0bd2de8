import { withApi } from '@/lib/server/http/with-api';
import { listMemberCoupons } from '@/lib/server/wallet/coupons';
import { couponsQuery } from '@/lib/shared/schemas/commerce';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/coupons?status=usable|used|expired&start&limit — the member's recharge coupons.
export const GET = withApi(({ member, query }) => listMemberCoupons(member.id, query.status, query.start, query.limit), {
  auth: 'member',
  query: couponsQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
