import { withApi } from '@/lib/server/http/with-api';
import { getBalances } from '@/lib/server/wallet/balances';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/balances — coins and vouchers, with the voucher lots that make up the voucher balance.
export const GET = withApi(({ member }) => getBalances(member.id), { auth: 'member' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
