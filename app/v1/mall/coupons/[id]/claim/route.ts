import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { claimMallCoupon } from '@/lib/server/wallet/coupon-mall';
import { mallCouponParams } from '@/lib/shared/schemas/prize-wheel';

// POST /v1/mall/coupons/{id}/claim — one coupon per member while stock lasts: the new coupon (我的优惠券), 40900
// 已经领完了 / 已经领取过了, 40400 when not offered (docs/activity-wheel.md "Coupon mall").
export const POST = withApi(({ member, params }) => claimMallCoupon(member.id, params.id), { auth: 'member', params: mallCouponParams });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
