import { withApi } from '@/lib/server/http/with-api';
import { limitByIp } from '@/lib/server/abuse/rate-limit';
import { recordRichMsgClick } from '@/lib/server/wallet/promotions';
import { richMsgClickBody } from '@/lib/shared/schemas/commerce';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/products/rich_msg_manually_send_click — payload passed through and stored for staff.
export const POST = withApi(
  async ({ member, body, ip, req }) => {
    await limitByIp('logs', ip, req.headers);
    return recordRichMsgClick(member?.id ?? null, body);
  },
  { auth: 'optional', body: richMsgClickBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
