import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { ApiReply } from '@/lib/server/http/reply';
import { clearedSessionCookies } from '@/lib/server/http/session-cookies';
import { cancellationState, requestCancellation } from '@/lib/server/accounts/cancellation';
import { cancellationBody } from '@/lib/shared/schemas/cancellation';

// GET /v1/my/cancellation — the member's latest cancellation request, or null (docs/account-cancellation.md "API").
export const GET = withApi(({ member }) => cancellationState(member.id), { auth: 'member' });

// POST /v1/my/cancellation {code} — starts the 15-day cooling-off; every session ends, this browser's cookies go.
export const POST = withApi(
  async ({ member, body, ip, req }) => {
    const state = await requestCancellation(member.id, body.code, { ip });
    return new ApiReply(state, 200, {}, clearedSessionCookies(req));
  },
  { auth: 'member', body: cancellationBody },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
