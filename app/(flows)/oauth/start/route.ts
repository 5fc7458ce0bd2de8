import { NextResponse, type NextRequest } from 'next/server';
import { oauthProvider } from '@/lib/server/accounts/oauth/select';
import { createOAuthState, STATE_COOKIE, STATE_TTL_S } from '@/lib/server/accounts/oauth/state';
import { secureCookies } from '@/lib/server/http/session-cookies';
import { returnPathOr } from '@/lib/shared/return-path';
import { absoluteUrl, requestOrigin } from '@/lib/shared/request-origin';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /oauth/start?next — begins the authorization-code flow with the configured provider.
export function GET(req: NextRequest) {
  const next = returnPathOr(req.nextUrl.searchParams.get('next'));
  const provider = oauthProvider();
  if (!provider) return NextResponse.redirect(absoluteUrl(req, `/m/login?next=${encodeURIComponent(next)}&oauth=unavailable`));
  const { state, cookie } = createOAuthState(next);
  const origin = requestOrigin(req);
  const response = NextResponse.redirect(provider.authorizeUrl({ state, redirectUri: `${origin}/oauth/callback`, origin }));
  response.cookies.set(STATE_COOKIE, cookie, { httpOnly: true, sameSite: 'lax', secure: secureCookies(req), maxAge: STATE_TTL_S, path: '/oauth' });
  return response;
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
