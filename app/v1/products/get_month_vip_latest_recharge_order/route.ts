import { withApi } from '@/lib/server/http/with-api';
import { latestMonthVipOrder } from '@/lib/server/wallet/vip-info';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/products/get_month_vip_latest_recharge_order — the member's latest paid month-VIP order (null if none).
export const GET = withApi(({ member }) => latestMonthVipOrder(member.id), { auth: 'member' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
