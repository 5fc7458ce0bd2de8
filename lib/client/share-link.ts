import { referralLinkId } from './identity';

/**
 * The absolute address a reader shares for `path` (docs/sharing.md "Payloads"): this site's origin and the path,
 * with the referral id the reader carries (`referral_link_id`, lib/client/identity.ts), so a friend who opens it
 * is counted to the same link.
 */
export function shareLink(path: string): string {
  const url = new URL(path, window.location.origin);
  const ref = referralLinkId();
  if (ref) url.searchParams.set('referral_link_id', ref);
  else url.searchParams.delete('referral_link_id');
  return url.toString();
}
