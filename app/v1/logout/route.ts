import { withApi } from '@/lib/server/http/with-api';
import { revokeSession } from '@/lib/server/accounts/sessions';
import { ApiReply } from '@/lib/server/http/reply';
import { clearedSessionCookies } from '@/lib/server/http/session-cookies';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/logout — revoke this session and clear the session cookies.
export const POST = withApi(
  async ({ member, req }) => {
    if (member) await revokeSession(member.sessionId);
    return new ApiReply({ logged_out: true }, 200, {}, clearedSessionCookies(req));
  },
  // A blocked member can still sign out (docs/members.md "Blocks").
  { auth: 'optional', blocked: 'allow' },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
