import 'server-only';
import { siteUrl } from './site-url';

/** The host the browser used, from Host or a reverse proxy's X-Forwarded-Host. */
export function hostFrom(headers: Headers): { host: string; protocol: string } {
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host') || new URL(siteUrl()).host;
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || (siteUrl().startsWith('https:') ? 'https' : 'http');
  return { host: host.toLowerCase(), protocol: `${proto}:` };
}

/**
 * Hosts that are ours: this request's, SITE_URL's and OWN_HOSTS (comma-separated, e.g. a payment domain and
 * the readers' domains). A query parameter naming a host (n_domain) is honoured only for these.
 */
export function ownHosts(requestHost: string): string[] {
  const hosts = new Set([requestHost.toLowerCase(), new URL(siteUrl()).host.toLowerCase()]);
  for (const h of (process.env.OWN_HOSTS ?? '').split(',')) if (h.trim()) hosts.add(h.trim().toLowerCase());
  return [...hosts];
}
