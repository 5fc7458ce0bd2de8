import 'server-only';
import { requestOrigin } from '@/lib/shared/request-origin';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origins whose pages we sign (docs/sharing.md "Signature"): SITE_URL's and, over both schemes, the hosts in
 * OWN_HOSTS. Host and X-Forwarded-Host are the caller's to choose, so without SITE_URL (a laptop: a deployment
 * refuses to start without it, lib/server/core/site-url.ts) the request's own origin is taken only when it names this
 * machine — localhost, 127.0.0.1, [::1] — whose pages no one else can serve; any other host is refused.
 */
export function signingOrigins(req: { headers: Headers; nextUrl: URL }): string[] {
  const site = process.env.SITE_URL;
  if (!site) {
    const own = requestOrigin(req);
    return LOOPBACK.has(new URL(own).hostname) ? [own] : [];
  }
  const origins = new Set([new URL(site).origin]);
  for (const h of (process.env.OWN_HOSTS ?? '').split(',')) {
    const host = h.trim().toLowerCase();
    if (host) for (const proto of ['https', 'http']) origins.add(`${proto}://${host}`);
  }
  return [...origins];
}
