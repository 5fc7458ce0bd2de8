import { returnPath } from './return-path';

/** Kept apart from lib/shared/ads.ts so the pages' ad slot does not ship the return-path check. */
const CONTROL = /[\u0000-\u0020\u007f-\u009f\\]/;

/**
 * An ad's destination as staff typed it (docs/ads.md "Destinations"): a path on this site (the return-path rules) or an
 * absolute http(s) address without userinfo, whitespace, controls or backslashes. Anything else is null and refused
 * on save, so a click can only ever lead where staff pointed it.
 */
export function adDestination(raw: string): string | null {
  const value = raw.trim();
  if (!value || value.length > 500) return null;
  if (value.startsWith('/')) return returnPath(value) === value ? value : null;
  if (CONTROL.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname) return null;
  if (!/^https?:\/\/[^/?#]+/i.test(value)) return null;
  return url.toString();
}

/** An ad's picture: a path under /promo/ or /uploads/ on this site, or an https address. */
export function adImage(raw: string): string | null {
  const value = raw.trim();
  if (!value || value.length > 500 || CONTROL.test(value)) return null;
  if (value.startsWith('/')) return returnPath(value) === value ? value : null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password ? url.toString() : null;
  } catch {
    return null;
  }
}
