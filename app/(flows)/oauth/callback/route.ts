import type { NextRequest } from 'next/server';
import { loginWithIdentity } from '@/lib/server/accounts/login';
import { oauthProvider } from '@/lib/server/accounts/oauth/select';
import { STATE_COOKIE, verifyOAuthState } from '@/lib/server/accounts/oauth/state';
import { signInCookies } from '@/lib/server/http/signed-in-reply';
import { clientIp } from '@/lib/server/core/client-ip';
import { ApiReply } from '@/lib/server/http/reply';
import { ApiError } from '@/lib/server/core/errors';
import { log } from '@/lib/server/logger';
import { requestOrigin } from '@/lib/shared/request-origin';
import { cancellationWithdrawnPath } from '@/lib/shared/routes';
import { flowRedirect, withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

function backToLogin(req: NextRequest, reason: 'expired' | 'failed') {
  return leave(req, `/m/login?oauth=${reason}`);
}

function leave(req: NextRequest, to: string) {
  const response = flowRedirect(req, to, 307);
  response.cookies.delete({ name: STATE_COOKIE, path: '/oauth' });
  return response;
}

// GET /oauth/callback?code&state — the provider sends the browser back here; exchange the code and sign in.
export const GET = withFlow(async ({ req }) => {
  const started = verifyOAuthState(req.nextUrl.searchParams.get('state'), req.cookies.get(STATE_COOKIE)?.value);
  const code = req.nextUrl.searchParams.get('code');
  const provider = oauthProvider(req.headers);
  if (!started || !code || code.length > 512 || !provider) return backToLogin(req, 'expired');
  const { next, agreed } = started;
  try {
    const identity = await provider.exchange({ code, redirectUri: `${requestOrigin(req)}/oauth/callback` });
    const signedIn = await loginWithIdentity(provider.name, identity, {
      userAgent: req.headers.get('user-agent'),
      ip: clientIp(req),
      agreed,
    });
    const response = flowRedirect(req, signedIn.cancellation_withdrawn ? cancellationWithdrawnPath(next) : next, 307);
    new ApiReply(null, 307, {}, await signInCookies(req, signedIn.member_id, signedIn.token, signedIn.expires_at)).applyCookies(response);
    response.cookies.delete({ name: STATE_COOKIE, path: '/oauth' });
    return response;
  } catch (err) {
    // A version published while the reader was at the provider: ask again on the page with the checkbox.
    if (err instanceof ApiError && err.status === 409) return leave(req, `/m/oauth?next=${encodeURIComponent(next)}&consent=outdated`);
    log('warn', 'oauth_exchange_failed', { provider: provider.name, err });
    return backToLogin(req, 'failed');
  }
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
