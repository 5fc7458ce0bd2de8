import 'server-only';
import { eq } from 'drizzle-orm';
import { DEFAULT_FLAGS, type ConfigFlags } from '@/lib/shared/config-flags';
import { getDb } from '../db/client';
import { configFlags } from '../db/schema';
import { startPeriodic } from '../jobs/periodic';
import { setCachedFlags } from './flags-cache';

/** How often every server process reloads the flags (docs/config-flags.md "When a change takes effect"). */
export const FLAG_REFRESH_MS = 30_000;

export async function loadFlags(): Promise<ConfigFlags> {
  const rows = await getDb().select().from(configFlags);
  const flags: ConfigFlags = { ...DEFAULT_FLAGS };
  // A stored value replaces its default as it is (setFlag and the flag editor write only well-formed values).
  for (const row of rows) if (row.key in DEFAULT_FLAGS) Object.assign(flags, { [row.key]: row.value });
  setCachedFlags(flags);
  return flags;
}

/** Staff edits land here; the cache the guard reads is refreshed at once in this process, within 30 s in others. */
export async function setFlag<K extends keyof ConfigFlags>(key: K, value: ConfigFlags[K]): Promise<void> {
  await getDb()
    .insert(configFlags)
    .values({ key, value })
    .onConflictDoUpdate({ target: configFlags.key, set: { value, updatedAt: new Date() } });
  await loadFlags();
}

export async function getFlag<K extends keyof ConfigFlags>(key: K): Promise<ConfigFlags[K]> {
  const [row] = await getDb().select().from(configFlags).where(eq(configFlags.key, key));
  return (row?.value as ConfigFlags[K] | undefined) ?? DEFAULT_FLAGS[key];
}

/**
 * Loads the flags at start and keeps the cache fresh for the route guard. Per process, not once per cluster: each
 * server process refreshes its own in-memory copy (docs/operations.md "Scheduled jobs").
 */
export async function startFlagRefresh(): Promise<void> {
  await loadFlags();
  startPeriodic('config_refresh', FLAG_REFRESH_MS, loadFlags, 'process');
}
