import { withApi } from '@/lib/server/http/with-api';
import { getBalances } from '@/lib/server/wallet/balances';

// GET /v1/my/balances — coins and vouchers, with the voucher lots that make up the voucher balance.
export const GET = withApi(({ member }) => getBalances(member!.id), { auth: 'member' });
