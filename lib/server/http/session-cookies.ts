import 'server-only';
import type { NextRequest } from 'next/server';
import { COOKIE, MINORS_COOKIE } from '@/lib/shared/cookies';
import type { CookieToSet } from './reply';
import { siteIsHttps } from './security-headers';

function isLoopback(req: NextRequest): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(req.nextUrl.hostname);
}

/**
 * Always Secure when SITE_URL is https, whatever the request's forwarded headers claim (a TLS proxy that forgets
 * X-Forwarded-Proto must not downgrade them); otherwise Secure in production except over plain http on this
 * machine (local demos and the e2e server). docs/web-security.md
 */
export function secureCookies(req: NextRequest): boolean {
  if (siteIsHttps()) return true;
  return process.env.NODE_ENV === 'production' && !(req.nextUrl.protocol === 'http:' && isLoopback(req));
}

/** member_id is readable by the page; member_token is HttpOnly and SameSite=Lax. */
export function sessionCookies(req: NextRequest, memberId: number, token: string, expiresAt: Date | string): CookieToSet[] {
  const maxAge = Math.max(0, Math.floor((new Date(expiresAt).getTime() - Date.now()) / 1000));
  const secure = secureCookies(req);
  return [
    { name: COOKIE.memberId, value: String(memberId), maxAge, sameSite: 'lax', secure },
    { name: COOKIE.memberToken, value: token, maxAge, sameSite: 'lax', secure, httpOnly: true },
  ];
}

export function clearedSessionCookies(req: NextRequest): CookieToSet[] {
  const secure = secureCookies(req);
  return [
    { name: COOKIE.memberId, value: '', maxAge: 0, sameSite: 'lax', secure },
    { name: COOKIE.memberToken, value: '', maxAge: 0, sameSite: 'lax', secure, httpOnly: true },
    // Signed out, nobody is in 青少年模式 (docs/minors-mode.md "Only suitable novels").
    { name: MINORS_COOKIE, value: '', maxAge: 0, sameSite: 'lax', secure, httpOnly: true },
  ];
}
