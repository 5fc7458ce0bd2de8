import { withApi } from '@/lib/server/http/with-api';
import { bindPhone } from '@/lib/server/accounts/binding';
import { ApiReply } from '@/lib/server/http/reply';
import { signInCookies } from '@/lib/server/http/signed-in-reply';
import { bindingBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/binding — bind a phone to a guest or third-party account, merging into the phone's account if it has one.
export const POST = withApi(
  async ({ body, member, req, ip }) => {
    const result = await bindPhone(member.id, body.phone, body.code, { userAgent: req.headers.get('user-agent'), ip });
    const cookies = result.token && result.expires_at ? await signInCookies(req, result.member_id, result.token, result.expires_at) : [];
    // A new session token is a secret: such an answer is not kept for an x-sig replay (docs/abuse.md).
    return new ApiReply(result, 200, {}, cookies, Boolean(result.token));
  },
  { auth: 'member', body: bindingBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
