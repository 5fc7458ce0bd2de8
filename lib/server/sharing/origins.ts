import 'server-only';
import { requestOrigin } from '@/lib/shared/request-origin';

/**
 * The origins whose pages we sign (docs/sharing.md "Signature"): SITE_URL's and, over both schemes, the hosts in
 * OWN_HOSTS. Only without SITE_URL (a local server) the request's own origin, since Host and X-Forwarded-Host are
 * the caller's to choose.
 */
export function signingOrigins(req: { headers: Headers; nextUrl: URL }): string[] {
  const site = process.env.SITE_URL;
  if (!site) return [requestOrigin(req)];
  const origins = new Set([new URL(site).origin]);
  for (const h of (process.env.OWN_HOSTS ?? '').split(',')) {
    const host = h.trim().toLowerCase();
    if (host) for (const proto of ['https', 'http']) origins.add(`${proto}://${host}`);
  }
  return [...origins];
}
