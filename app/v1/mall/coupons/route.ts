import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { listMallCoupons } from '@/lib/server/wallet/coupon-mall';

// GET /v1/mall/coupons — the coupon mall's offer with what is left; `claimed` for the signed-in member.
export const GET = withApi(({ member }) => listMallCoupons(member?.id ?? null), { auth: 'optional' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
