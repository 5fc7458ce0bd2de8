import { NextResponse, type NextRequest } from 'next/server';
import { cachedFlags } from '@/lib/server/config/flags-cache';
import { isSafePattern, MAX_MATCHED_ADDRESS } from '@/lib/server/config/regex-safety';
import { returnPath } from '@/lib/shared/return-path';
import { COOKIE, MINORS_COOKIE, STAFF_COOKIE } from '@/lib/shared/cookies';
import { CODES } from '@/lib/shared/dto/envelope';
import { hasMalformedEscape } from '@/lib/shared/malformed-path';
import { MSG } from '@/lib/shared/messages';
import { loginDestination, matchRoute } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';
import { PAGE_PATH_HEADER } from '@/lib/shared/member-paths';
import { absoluteUrl } from '@/lib/shared/request-origin';

function blockedRedirect(pathAndQuery: string): string | undefined {
  // Rules are checked when saved, but a stored value may predate the check (docs/config-flags.md "Blocked URLs"):
  // the guard runs only safe patterns, on a bounded slice of the address, towards a path of this site.
  const address = pathAndQuery.slice(0, MAX_MATCHED_ADDRESS);
  for (const rule of cachedFlags().blocked_urls) {
    if (!isSafePattern(rule.pattern) || !returnPath(rule.redirect)) continue;
    try {
      if (new RegExp(rule.pattern).test(address) && rule.redirect !== pathAndQuery) return rule.redirect;
    } catch {
      // A malformed pattern from config must not take every page down.
    }
  }
  return undefined;
}

/** `?gender&lang` picks a channel; `?tab=listen&lang` the audio tab (listen-{lang}). */
function homeVariant(params: URLSearchParams): string {
  const channel = params.get('tab') === 'listen' ? 'listen' : params.get('gender') === '2' ? '2' : '1';
  const lang = ['0', '1', '2'].includes(params.get('lang') ?? '') ? params.get('lang')! : '1';
  return `${channel}-${lang}`;
}

/** /m/novels/{id} → its per-request render for members in 青少年模式 (app/m/novels/[id]/suitable); null otherwise. */
function suitableNovelPage(req: NextRequest): URL | null {
  if (!/^\/m\/novels\/\d+\/?$/.test(req.nextUrl.pathname)) return null;
  const url = req.nextUrl.clone();
  url.pathname = `${req.nextUrl.pathname.replace(/\/$/, '')}/suitable`;
  return url;
}

/**
 * A path whose percent-escapes do not decode: Next's router would answer 500. The API and audio answer the JSON
 * envelope (40000), generated images and sitemaps a plain 404, and pages the not-found page: a rewrite to a path no
 * route owns renders app/not-found.tsx with status 404 (docs/web-security.md).
 */
function malformedPathAnswer(req: NextRequest): NextResponse {
  const { pathname } = req.nextUrl;
  const noStore = { 'cache-control': 'private, no-store' };
  if (/^\/(v1|audio)\//.test(pathname))
    return NextResponse.json({ code: CODES.validation, message: MSG.invalidParams }, { status: 400, headers: noStore });
  if (/^\/(covers|sitemaps)\//.test(pathname)) return new NextResponse('Not found', { status: 404, headers: noStore });
  return NextResponse.rewrite(new URL('/_malformed-path', req.nextUrl));
}

/**
 * A path not in the access table (docs/accounts.md "Route guard"): under /m, the reader's not-found page with status
 * 404 inside the shell — a rewrite to the catch-all, so a route the table does not list (the cached home variants,
 * a chapter path with extra segments) is never served by its own page; anywhere else, home.
 */
function unknownPathAnswer(req: NextRequest): NextResponse {
  if (!req.nextUrl.pathname.startsWith('/m/')) return NextResponse.redirect(absoluteUrl(req, '/m'));
  const response = NextResponse.rewrite(new URL(UNKNOWN_READER_PATH, req.nextUrl));
  response.headers.set('x-robots-tag', 'noindex');
  return response;
}

/** Owned by app/m/[...slug], which answers not found. */
const UNKNOWN_READER_PATH = '/m/_unknown';

/**
 * The staff console (docs/console.md "Pages"): never cached, never indexed; without a staff session cookie every
 * page but the sign-in form goes there. Whether the session is live is checked by the page itself (the guard never
 * reads the database); the form posts under /admin/actions check it too.
 */
function consoleGuard(req: NextRequest): NextResponse {
  const { pathname } = req.nextUrl;
  const open = pathname === '/admin/login' || pathname.startsWith('/admin/actions/');
  const response =
    !open && !req.cookies.get(STAFF_COOKIE)?.value ? NextResponse.redirect(absoluteUrl(req, '/admin/login')) : NextResponse.next();
  response.headers.set('cache-control', 'private, no-store');
  response.headers.set('x-robots-tag', 'noindex, nofollow');
  return response;
}

/**
 * The route guard (docs/accounts.md "Route guard"). It reads only the URL, cookies, the user agent and the cached config —
 * never the database: signed in means a token cookie exists (docs/accounts.md "Route guard"); the API checks the token itself.
 */
export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (hasMalformedEscape(pathname)) return malformedPathAnswer(req);
  // The API and media come here only for that check (see the matcher); their handlers do the rest.
  if (/^\/(v1|audio|covers|sitemaps)\//.test(pathname)) return NextResponse.next();
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return consoleGuard(req);
  const rule = matchRoute(pathname);
  if (!rule) return unknownPathAnswer(req);

  const here = `${pathname}${search}`;
  const blocked = blockedRedirect(here);
  if (blocked) return NextResponse.redirect(absoluteUrl(req, blocked));

  const ua = detectUa(req.headers.get('user-agent'));
  const signedIn = Boolean(req.cookies.get(COOKIE.memberToken)?.value);
  const inMessagingApp = ua.wechat && !cachedFlags().lazy_auth;
  const needsLogin = rule.access === 'login' || (rule.wechatForced === true && inMessagingApp);
  if (needsLogin && !signedIn) {
    const inAppOAuth = ua.wechat || ua.socialApp || ua.shortVideo;
    return NextResponse.redirect(absoluteUrl(req, loginDestination(here, inAppOAuth)));
  }

  // Home is one cached page per channel (or the audio tab) and language: /m?gender=2&lang=0 is served by
  // /m/home/2-0, /m?tab=listen&lang=1 by /m/home/listen-1.
  // nextUrl's own origin keeps the rewrite internal (another origin would be proxied over HTTP).
  // A browser with the 青少年模式 hint gets the suitable-only home (its own cached page, the same for every member in
  // the mode) and its novel pages rendered per request, where the server reads the mode itself (docs/minors-mode.md
  // "Only suitable novels").
  const minors = req.cookies.get(MINORS_COOKIE)?.value === '1';
  const home = req.nextUrl.clone();
  home.pathname = `/m/home/${homeVariant(req.nextUrl.searchParams)}${minors ? '-s' : ''}`;
  // The page's path for server renders that send a blocked member to the unblock page (docs/members.md "Blocks").
  const forward = new Headers(req.headers);
  forward.set(PAGE_PATH_HEADER, here);
  const target = pathname === '/m' || pathname === '/m/' ? home : minors ? suitableNovelPage(req) : null;
  const response = target
    ? NextResponse.rewrite(target, { request: { headers: forward } })
    : NextResponse.next({ request: { headers: forward } });
  // No cookies here: /m home and /m/novels/{id} are cached whole, and a Set-Cookie on a cached answer would hand one
  // reader's tracking id to everyone. The browser sets zaid and ref_link_id itself (lib/client/identity.ts,
  // docs/web-security.md).
  return response;
}

export const config = {
  // The API, media, generated and static images, Next's assets and root files are not pages. Of the API, media and
  // generated files, only paths holding a percent sign come here: to be checked for escapes that do not decode.
  matcher: [
    // admin/actions/import-upload: the novel import's upload (up to 56 MB) must not pass the guard, which buffers
    // at most proxyClientMaxBodySize (10 MB) of a body and cuts the rest; the route checks the session itself
    // (docs/content.md "Import").
    '/((?!v1/|audio/|covers/|gifts/|promo/|brand/|avatars/|sitemaps/|_next/|admin/actions/import-upload$|sw\\.js$|favicon\\.ico|robots\\.txt|sitemap\\.xml|manifest\\.webmanifest).*)',
    '/:handler(v1|audio|covers|sitemaps)/:rest(.*%.*)',
  ],
};
