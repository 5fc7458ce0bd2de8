import { withApi } from '@/lib/server/http/with-api';
import { memberBalance } from '@/lib/server/wallet/balances';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/balance — coins (welth) and vouchers (welth_coupon).
export const GET = withApi(({ member }) => memberBalance(member.id), { auth: 'member' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
