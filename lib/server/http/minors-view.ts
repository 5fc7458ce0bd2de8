import 'server-only';
import { cache } from 'react';
import type { NextRequest } from 'next/server';
import { COOKIE, MINORS_COOKIE } from '@/lib/shared/cookies';
import { findMemberByToken, readToken, type CurrentMember } from '../accounts/current-member';
import { currentMember } from '../accounts/session-member';
import { inMinorsMode } from '../minors/mode';
import { ApiReply, type CookieToSet } from './reply';
import { secureCookies } from './session-cookies';
import { inCatalogueView } from '../core/catalogue-view';

/**
 * Which catalogue a request is answered from (docs/minors-mode.md "Only suitable novels"): the suitable-only one for a
 * member in 青少年模式, read from the member's mode on the server (one primary-key read), never from the request's
 * own say-so. A signed-out visitor is never in the mode.
 */

/** A year: the cookie follows the mode, and every answer that reads the mode sets or clears it anyway. */
const MINORS_COOKIE_MAX_AGE_S = 365 * 86_400;

/** The member behind an API request, looked up here when the route itself reads no session (a public list). */
async function requestMember(req: NextRequest, member: CurrentMember | null | undefined): Promise<CurrentMember | null> {
  if (member !== undefined) return member;
  const presented = readToken(req.headers, req.cookies.get(COOKIE.memberToken)?.value);
  return presented ? findMemberByToken(presented.token) : null;
}

/** For withApi's `catalogue` routes: whether this request is answered from the suitable-only catalogue. */
export async function requestSuitableOnly(req: NextRequest, member?: CurrentMember | null): Promise<boolean> {
  return inMinorsMode((await requestMember(req, member))?.id);
}

/** For the pages that render per request: whether the signed-in member is in the mode (read once per render). */
export const pageSuitableOnly = cache(async (): Promise<boolean> => inMinorsMode((await currentMember())?.id));

/**
 * The hint cookie as the mode stands: set (its year renewed) for a member in the mode, cleared for one who is not but
 * still carries it (the mode switched off, another account signed in); undefined when there is nothing to change.
 */
export function minorsCookie(req: NextRequest, on: boolean): CookieToSet | undefined {
  if (!on && !req.cookies.has(MINORS_COOKIE)) return undefined;
  const maxAge = on ? MINORS_COOKIE_MAX_AGE_S : 0;
  return { name: MINORS_COOKIE, value: on ? '1' : '', maxAge, sameSite: 'lax', secure: secureCookies(req), httpOnly: true };
}

/** The hint cookie for a member who just signed in, or whose mode just changed. */
export async function minorsCookieFor(req: NextRequest, memberId: number): Promise<CookieToSet[]> {
  const cookie = minorsCookie(req, await inMinorsMode(memberId));
  return cookie ? [cookie] : [];
}

/** For a page rendered per request: runs the page's catalogue reads in the signed-in member's catalogue. */
export async function pageCatalogue(): Promise<<T>(read: () => Promise<T>) => Promise<T>> {
  const suitable = await pageSuitableOnly();
  return (read) => inCatalogueView(suitable, read);
}

/** The mode's own answers (status, switch, heartbeat) carry the hint cookie as the status they answer says. */
export function statusReply<T extends { on: boolean }>(req: NextRequest, status: T): ApiReply<T> {
  const cookie = minorsCookie(req, status.on);
  return new ApiReply(status, 200, {}, cookie ? [cookie] : []);
}
