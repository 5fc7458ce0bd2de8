import { withApi } from '@/lib/server/http/with-api';
import { getBalance } from '@/lib/server/wallet/accounts';

// GET /v1/my/balance — coins (welth) and vouchers (welth_coupon).
export const GET = withApi(({ member }) => getBalance(member!.id), { auth: 'member' });
