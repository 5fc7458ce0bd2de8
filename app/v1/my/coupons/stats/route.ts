import { withApi } from '@/lib/server/http/with-api';
import { couponStats } from '@/lib/server/wallet/coupons';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/coupons/stats — how many coupons the member can use, has used and let expire.
export const GET = withApi(({ member }) => couponStats(member.id), { auth: 'member' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
