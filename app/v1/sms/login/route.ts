import { withApi } from '@/lib/server/http/with-api';
import { loginWithSms } from '@/lib/server/accounts/login';
import { signedInReply } from '@/lib/server/http/signed-in-reply';
import { smsLoginBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/sms/login — sign in with phone, code and the agreed agreement versions (docs/agreements.md "Agreeing at
// sign-in"); the member is created on first sign-in.
export const POST = withApi(
  async ({ body, req, ip }) =>
    signedInReply(
      req,
      await loginWithSms(body.phone, body.code, { userAgent: req.headers.get('user-agent'), ip, agreed: body.agreements }),
    ),
  { body: smsLoginBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
