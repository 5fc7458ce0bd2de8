import { withApi } from '@/lib/server/http/with-api';
import { getProfile, parseExtraFields } from '@/lib/server/accounts/profile';
import { profileQuery } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/profile?extra_fields — the signed-in member's profile, with coins, vouchers, tickets and VIP state.
export const GET = withApi(({ member, query }) => getProfile(member.id, parseExtraFields(query.extra_fields)), {
  auth: 'member',
  query: profileQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
