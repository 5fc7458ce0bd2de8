import 'server-only';
// No `server-only` fence and no database import: proxy.ts reads this cache, and the guard must never touch the database.
import { DEFAULT_FLAGS, type ConfigFlags } from '@/lib/shared/config-flags';

const holder = globalThis as typeof globalThis & { __shushengFlags?: ConfigFlags };

/** The flags last loaded from the database (lib/server/config/flags.ts keeps this fresh), or the defaults. */
export function cachedFlags(): ConfigFlags {
  return holder.__shushengFlags ?? DEFAULT_FLAGS;
}

export function setCachedFlags(flags: ConfigFlags | undefined): void {
  holder.__shushengFlags = flags;
}
