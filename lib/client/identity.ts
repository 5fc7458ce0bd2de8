import Cookies from 'js-cookie';
import { TRACKING_COOKIE_DAYS } from '@/lib/shared/constants';
import { COOKIE } from '@/lib/shared/cookies';
import { createSignature } from './signature';

const REF_STORAGE_KEY = 'referral_link_id';
const CHANNEL_STORAGE_KEY = 'channel_id';

/** Three years, SameSite=Lax, and Secure on an https page (docs/web-security.md). */
function cookieAttributes(): Cookies.CookieAttributes {
  return { expires: TRACKING_COOKIE_DAYS, sameSite: 'lax', secure: window.location.protocol === 'https:' };
}

// Each read of document.cookie asks the browser's cookie store (a round trip to another process in Chrome): the
// reader's first render read it 30 times, 13 ms of main-thread time on the 2-core bench machine (docs/operations.md
// "First screen"). One parse (js-cookie reads the string twice) serves every lookup until the current task's microtasks
// run; our own writes clear it.
let jar: Record<string, string> | undefined;
function cookie(name: string): string | undefined {
  // On the server (a client component's first render) there are no cookies to read, as with js-cookie.
  if (typeof document === 'undefined') return undefined;
  if (!jar) {
    jar = Cookies.get();
    queueMicrotask(forgetCookies);
  }
  return jar[name];
}
function forgetCookies(): void {
  jar = undefined;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Some in-app browsers throw on localStorage in private mode.
    return null;
  }
}

/** x-ref-link-id: query referral_link_id, then the cookie, then localStorage (docs/shell.md "Calls from the browser"); remembered once seen. */
export function referralLinkId(): string | undefined {
  const fromQuery = new URLSearchParams(window.location.search).get('referral_link_id') ?? undefined;
  const value = fromQuery ?? cookie(COOKIE.refLink) ?? storage()?.getItem(REF_STORAGE_KEY) ?? undefined;
  if (fromQuery) {
    Cookies.set(COOKIE.refLink, fromQuery, cookieAttributes());
    forgetCookies();
    storage()?.setItem(REF_STORAGE_KEY, fromQuery);
  }
  return value;
}

export function channelId(): string | undefined {
  const fromQuery = new URLSearchParams(window.location.search).get('channel_id') ?? undefined;
  if (fromQuery) storage()?.setItem(CHANNEL_STORAGE_KEY, fromQuery);
  return fromQuery ?? storage()?.getItem(CHANNEL_STORAGE_KEY) ?? undefined;
}

/** The tracking id (x-zaid), kept for 1095 days (docs/accounts.md "Sessions and cookies"). */
export function trackingId(): string {
  let id = cookie(COOKIE.tracking);
  if (!id) {
    id = `${Date.now().toString(36)}${createSignature()}`;
    Cookies.set(COOKIE.tracking, id, cookieAttributes());
    forgetCookies();
  }
  return id;
}

export function memberId(): string | undefined {
  return cookie(COOKIE.memberId);
}

/** 90002: forget who we were; the HttpOnly token cookie is cleared by the server on its next answer. */
export function clearMember(): void {
  // Downloads belong to the member signed in: the service worker deletes them all (docs/offline.md "The service worker").
  if (typeof navigator !== 'undefined') navigator.serviceWorker?.controller?.postMessage({ type: 'member', id: null });
  Cookies.remove(COOKIE.memberId, { path: '/' });
  Cookies.remove(COOKIE.memberToken, { path: '/' });
  forgetCookies();
  bearer = undefined;
}

// Apps and bridges that hand the page a token keep it in memory; the web relies on the HttpOnly cookie.
let bearer: string | undefined;
export function setBearerToken(token: string | undefined): void {
  bearer = token;
}
export function bearerToken(): string | undefined {
  return bearer;
}

/**
 * Whether a member token exists (docs/accounts.md "Sessions and cookies"). The token cookie is
 * HttpOnly, so the web reads its readable twin member_id, set and cleared with it; apps hand a bearer.
 */
export function hasMemberToken(): boolean {
  return Boolean(bearer || memberId());
}
