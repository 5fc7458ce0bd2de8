import 'server-only';
import type { ConfigFlags } from '@/lib/shared/config-flags';
import { cachedFlags } from './flags-cache';

/** The flags the browser needs (docs/shell.md "Payment availability and recharge doors"); blocked-URL rules, minors' caps and the teaser switch stay on the server. */
export type PublicFlags = Omit<ConfigFlags, 'blocked_urls' | 'minor_caps' | 'paid_teaser' | 'alt_brand_host' | 'ads_static'>;

export function publicFlags(flags: ConfigFlags = cachedFlags()): PublicFlags {
  const { blocked_urls: _blocked, minor_caps: _caps, paid_teaser: _teaser, alt_brand_host: _alt, ads_static: _files, ...rest } = flags;
  return rest;
}
