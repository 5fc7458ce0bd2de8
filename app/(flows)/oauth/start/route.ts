import { z } from 'zod';
import { oauthProvider } from '@/lib/server/accounts/oauth/select';
import { createOAuthState, STATE_COOKIE, STATE_TTL_S } from '@/lib/server/accounts/oauth/state';
import { requireCurrentConsent } from '@/lib/server/accounts/consent';
import { ApiError } from '@/lib/server/core/errors';
import { secureCookies } from '@/lib/server/http/session-cookies';
import { returnPathOr } from '@/lib/shared/return-path';
import { requestOrigin } from '@/lib/shared/request-origin';
import { flowRedirect, withFlow } from '@/lib/server/http/with-flow';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

const startQuery = z
  .object({
    next: z.string().max(2048).optional(),
    agree_user: z.string().max(12).optional(),
    agree_privacy: z.string().max(12).optional(),
  })
  .catch({});

const versionOf = (raw: string | undefined) => (raw && /^\d{1,7}$/.test(raw) ? Number(raw) : undefined);

// GET /oauth/start?next&agree_user&agree_privacy — begins the authorization-code flow with the configured provider,
// once the reader has ticked the current agreements on /m/oauth or /m/login (docs/agreements.md "Agreeing at sign-in").
export const GET = withFlow(
  async ({ req, query }) => {
    const next = returnPathOr(query.next);
    const provider = oauthProvider(req.headers);
    if (!provider) return flowRedirect(req, `/m/login?next=${encodeURIComponent(next)}&oauth=unavailable`, 307);
    let agreed;
    try {
      agreed = await requireCurrentConsent(
        query.agree_user === undefined && query.agree_privacy === undefined
          ? undefined
          : { user: versionOf(query.agree_user), privacy: versionOf(query.agree_privacy) },
      );
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Back to the page with the checkbox; nothing was set, the provider never saw the reader.
      return flowRedirect(req, `/m/oauth?next=${encodeURIComponent(next)}&consent=${err.status === 409 ? 'outdated' : 'required'}`, 307);
    }
    const { state, cookie } = createOAuthState(next, agreed);
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
