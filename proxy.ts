import { NextResponse, type NextRequest } from 'next/server';
import { matchRoute } from '@/lib/shared/routes';

/**
 * Route guard (Next 16's middleware). Reads only the URL, cookies and the user agent — never the database.
 * Unknown page paths, under /m and elsewhere, go to /m (spec §2).
 */
export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (!matchRoute(pathname)) {
    return NextResponse.redirect(new URL('/m', req.url));
  }
  return NextResponse.next();
}

export const config = {
  // The API, media, generated images, Next's assets and root files are not pages.
  matcher: ['/((?!v1/|audio/|covers/|gifts/|promo/|_next/|favicon\\.ico|robots\\.txt|sitemap.*\\.xml|manifest\\.webmanifest).*)'],
};
