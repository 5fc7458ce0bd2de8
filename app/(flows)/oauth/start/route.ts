import { z } from 'zod';
import { oauthProvider } from '@/lib/server/accounts/oauth/select';
import { createOAuthState, STATE_COOKIE, STATE_TTL_S } from '@/lib/server/accounts/oauth/state';
import { secureCookies } from '@/lib/server/http/session-cookies';
import { returnPathOr } from '@/lib/shared/return-path';
import { requestOrigin } from '@/lib/shared/request-origin';
import { flowRedirect, withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

const startQuery = z.object({ next: z.string().max(2048).optional() }).catch({});

// GET /oauth/start?next — begins the authorization-code flow with the configured provider.
export const GET = withFlow(
  async ({ req, query }) => {
    const next = returnPathOr(query.next);
    const provider = oauthProvider(req.headers);
    if (!provider) return flowRedirect(req, `/m/login?next=${encodeURIComponent(next)}&oauth=unavailable`, 307);
    const { state, cookie } = createOAuthState(next);
    const origin = requestOrigin(req);
    const response = flowRedirect(req, new URL(provider.authorizeUrl({ state, redirectUri: `${origin}/oauth/callback`, origin })), 307);
    response.cookies.set(STATE_COOKIE, cookie, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(req),
      maxAge: STATE_TTL_S,
      path: '/oauth',
    });
    return response;
  },
  { query: startQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
