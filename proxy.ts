import { NextResponse, type NextRequest } from 'next/server';
import { cachedFlags } from '@/lib/server/config/flags-cache';
import { TRACKING_COOKIE_DAYS } from '@/lib/shared/constants';
import { COOKIE } from '@/lib/shared/cookies';
import { loginDestination, matchRoute } from '@/lib/shared/routes';
import { detectUa } from '@/lib/shared/ua';
import { absoluteUrl } from '@/lib/shared/request-origin';

const YEAR_3 = TRACKING_COOKIE_DAYS * 86_400;

function blockedRedirect(pathAndQuery: string): string | undefined {
  for (const rule of cachedFlags().blocked_urls) {
    try {
      if (new RegExp(rule.pattern).test(pathAndQuery) && rule.redirect !== pathAndQuery) return rule.redirect;
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

/**
 * The route guard (docs/accounts.md "Route guard"). It reads only the URL, cookies, the user agent and the cached config —
 * never the database: signed in means a token cookie exists (docs/accounts.md "Route guard"); the API checks the token itself.
 */
export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const rule = matchRoute(pathname);
  if (!rule) return NextResponse.redirect(absoluteUrl(req, '/m'));

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
  const home = req.nextUrl.clone();
  home.pathname = `/m/home/${homeVariant(req.nextUrl.searchParams)}`;
  const response = pathname === '/m' || pathname === '/m/' ? NextResponse.rewrite(home) : NextResponse.next();
  // The tracking id (x-zaid) and a referral link id from the query live in cookies for three years (docs/accounts.md "Sessions and cookies").
  if (!req.cookies.get(COOKIE.tracking)) {
    response.cookies.set(COOKIE.tracking, `${Date.now().toString(36)}${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`, { maxAge: YEAR_3, sameSite: 'lax', path: '/' });
  }
  const referral = req.nextUrl.searchParams.get('referral_link_id');
  if (referral && /^[\w-]{1,64}$/.test(referral)) response.cookies.set(COOKIE.refLink, referral, { maxAge: YEAR_3, sameSite: 'lax', path: '/' });
  return response;
}

export const config = {
  // The API, media, generated and static images, Next's assets and root files are not pages.
  matcher: ['/((?!v1/|audio/|covers/|gifts/|promo/|brand/|avatars/|sitemaps/|_next/|favicon\\.ico|robots\\.txt|sitemap\\.xml|manifest\\.webmanifest).*)'],
};
