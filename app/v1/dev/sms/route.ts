import { withApi } from '@/lib/server/http/with-api';
import { ApiError } from '@/lib/server/core/errors';
import { readDevInbox } from '@/lib/server/accounts/sms/provider';
import { demoAllowed } from '@/lib/server/core/demo-switches';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { devSmsQuery } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/dev/sms?phone — the last code sent to a phone, only while SMS_DEV_INBOX=1 and only to a client on this
// machine (docs/abuse.md "Demo switches"); 404 otherwise.
export const GET = withApi(
  async ({ query, req }) => {
    if (!demoAllowed(req.headers, 'smsDevInbox')) throw new ApiError(CODES.notFound, SERVER_MSG.routeNotFound);
    const entry = readDevInbox(query.phone);
    if (!entry) throw new ApiError(CODES.notFound, SERVER_MSG.codeExpired);
    return { phone: query.phone, code: entry.code, sent_at: entry.sentAt };
  },
  { query: devSmsQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
