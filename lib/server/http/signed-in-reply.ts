import 'server-only';
import type { NextRequest } from 'next/server';
import type { SignedIn } from '../accounts/login';
import { secretReply, type ApiReply, type CookieToSet } from './reply';
import { sessionCookies } from './session-cookies';
import { minorsCookieFor } from './minors-view';

/**
 * The cookies of a new session: the session's own, and the 青少年模式 hint set or cleared as the member's mode stands,
 * so a member in the mode (a merged guest's mode included) gets the suitable-only pages from the first one
 * (docs/minors-mode.md "Only suitable novels").
 */
export async function signInCookies(req: NextRequest, memberId: number, token: string, expiresAt: Date | string): Promise<CookieToSet[]> {
  return [...sessionCookies(req, memberId, token, expiresAt), ...(await minorsCookieFor(req, memberId))];
}

/**
 * A sign-in answer: the session in cookies for the web, and in the body for apps that send Bearer. It holds the
 * token, so it is never kept for an x-sig replay.
 */
export async function signedInReply(req: NextRequest, result: SignedIn): Promise<ApiReply<SignedIn>> {
  return secretReply(result, await signInCookies(req, result.member_id, result.token, result.expires_at));
}
