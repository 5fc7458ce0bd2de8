import { withApi } from '@/lib/server/http/with-api';
import { monthVipInfo } from '@/lib/server/wallet/vip-info';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/products/get_month_vip_info — the month VIP plan and the reader's VIP, short-drama VIP and ad-free state.
export const GET = withApi(({ member }) => monthVipInfo(member?.id ?? null), { auth: 'optional' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
