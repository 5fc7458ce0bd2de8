import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { exemptFromIpLimits } from '@/lib/server/core/demo-switches';
import { sendCancellationCode } from '@/lib/server/accounts/cancellation';

// POST /v1/my/cancellation/code — the confirming SMS code to the member's own phone, under the sign-in code's limits.
export const POST = withApi(({ member, ip, req }) => sendCancellationCode(member.id, exemptFromIpLimits(req.headers) ? null : ip), {
  auth: 'member',
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
