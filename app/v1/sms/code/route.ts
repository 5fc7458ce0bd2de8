import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { sendLoginCode } from '@/lib/server/accounts/sms/codes';
import { smsSendBody } from '@/lib/shared/schemas/accounts';
import { exemptFromIpLimits } from '@/lib/server/core/demo-switches';

// POST /v1/sms/code — send a 6-digit login code (rate limited per phone and per IP).
export const POST = withApi(({ body, ip, req }) => sendLoginCode(body.phone, exemptFromIpLimits(req.headers) ? null : ip), {
  body: smsSendBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
