import 'server-only';
import type { NextRequest } from 'next/server';
import { OWN_WRITE_COOKIE, OWN_WRITE_WINDOW_S } from '@/lib/shared/cookies';
import type { CookieToSet } from './reply';
import { secureCookies } from './session-cookies';

/** The cookie a public-facing write leaves on its writer (docs/deploy.md "What may lag"). Not HttpOnly: the page reads it. */
export function ownWriteCookie(req: NextRequest, now = Date.now()): CookieToSet {
  return { name: OWN_WRITE_COOKIE, value: String(now), maxAge: OWN_WRITE_WINDOW_S, sameSite: 'lax', secure: secureCookies(req) };
}

/**
 * Whether this request reads right after its sender's own write: `fresh=` in the URL (the client's mark, for caches
 * that key on the URL alone) or a recent own-write cookie (what nginx keys its bypass on). Such an answer is private
 * and uncached: a shared cache must not keep one copy per reader of what the plain URL already caches. A forged
 * cookie only sends its own holder past the caches, as any unique query string would.
 */
export function readsOwnWrite(req: NextRequest, now = Date.now()): boolean {
  if (req.nextUrl.searchParams.has('fresh')) return true;
  const at = Number(req.cookies.get(OWN_WRITE_COOKIE)?.value);
  return Number.isFinite(at) && at > 0 && now - at <= OWN_WRITE_WINDOW_S * 1000;
}
