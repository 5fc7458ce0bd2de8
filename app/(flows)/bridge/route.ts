import { z } from 'zod';
import { redeemBridgeCode } from '@/lib/server/accounts/bridge';
import { signInCookies } from '@/lib/server/http/signed-in-reply';
import { clientIp } from '@/lib/server/core/client-ip';
import { ApiReply } from '@/lib/server/http/reply';
import { returnPathOr } from '@/lib/shared/return-path';
import { flowRedirect, withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// An unusable token or return is treated like a missing one: the reader signs in, or lands on /m.
const bridgeQuery = z.object({
  token: z.string().max(200).optional().catch(undefined),
  return: z.string().max(2048).optional().catch(undefined),
});

// GET /bridge?token&return — redeem a one-time code from POST /v1/bridge/code: sign this browser in and go on to
// `return` (this site only). A used, expired or unknown code sends the reader to sign in, then to `return`.
export const GET = withFlow(
  async ({ req, query }) => {
    const back = returnPathOr(query.return);
    const signedIn = await redeemBridgeCode(query.token ?? '', { userAgent: req.headers.get('user-agent'), ip: clientIp(req) });
    if (!signedIn) return flowRedirect(req, `/m/login?next=${encodeURIComponent(back)}`);
    const response = flowRedirect(req, back);
    new ApiReply(null, 303, {}, await signInCookies(req, signedIn.memberId, signedIn.token, signedIn.expiresAt)).applyCookies(response);
    // The code must not linger in the history or a Referer of the next page.
    response.headers.set('Referrer-Policy', 'no-referrer');
    response.headers.set('Cache-Control', 'no-store');
    return response;
  },
  { query: bridgeQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
