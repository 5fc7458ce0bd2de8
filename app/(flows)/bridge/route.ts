import { NextResponse, type NextRequest } from 'next/server';
import { redeemBridgeCode } from '@/lib/server/accounts/bridge';
import { sessionCookies } from '@/lib/server/http/session-cookies';
import { absoluteUrl } from '@/lib/shared/request-origin';
import { returnPathOr } from '@/lib/shared/return-path';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /bridge?token&return — redeem a one-time code from POST /v1/bridge/code: sign this browser in and go on to
// `return` (this site only). A used, expired or unknown code sends the reader to sign in, then to `return`.
export async function GET(req: NextRequest) {
  const q = req.nextUrl.searchParams;
  const back = returnPathOr(q.get('return'));
  const signedIn = await redeemBridgeCode(q.get('token') ?? '', { userAgent: req.headers.get('user-agent'), ip: req.headers.get('x-forwarded-for') });
  if (!signedIn) return NextResponse.redirect(absoluteUrl(req, `/m/login?next=${encodeURIComponent(back)}`), 303);
  const response = NextResponse.redirect(absoluteUrl(req, back), 303);
  for (const { name, value, ...options } of sessionCookies(req, signedIn.memberId, signedIn.token, signedIn.expiresAt)) {
    response.cookies.set(name, value, { path: '/', ...options });
  }
  // The code must not linger in the history or a Referer of the next page.
  response.headers.set('Referrer-Policy', 'no-referrer');
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
