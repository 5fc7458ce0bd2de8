import { withApi } from '@/lib/server/http/with-api';
import { getPeriodState } from '@/lib/server/wallet/vip';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/is_paid_member — whether a VIP period covers now.
export const GET = withApi(
  async ({ member }) => {
    const vip = await getPeriodState(member.id, 'vip');
    return { is_paid: vip.active, expires_at: vip.expires_at };
  },
  { auth: 'member' },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
