import 'server-only';
import type { ConfigFlags } from '@/lib/shared/config-flags';
import { cachedFlags } from './flags-cache';

/** The flags the browser needs (docs/shell.md "Payment availability and recharge doors"); blocked-URL rules and minors' caps stay on the server. */
export type PublicFlags = Omit<ConfigFlags, 'blocked_urls' | 'minor_caps'>;

export function publicFlags(flags: ConfigFlags = cachedFlags()): PublicFlags {
  const { blocked_urls: _blocked, minor_caps: _caps, ...rest } = flags;
  return rest;
}
