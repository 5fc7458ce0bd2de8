import 'server-only';
import { and, eq, gte, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { audioLeases } from '../db/schema';
import type { JobPriority } from './jobs';

/**
 * One synthesis per chapter audio key across all servers (docs/listening.md "Synthesis across servers"): the server
 * that wins the lease makes the audio and renews the lease while it runs; the others follow what it publishes in
 * the shared storage. A lease not renewed for LEASE_MS belongs to a server that stopped and is taken over.
 */
export const LEASE_MS = 30_000;
/** How often the holder renews: three misses in a row before anyone may take over. */
export const RENEW_MS = 10_000;

const leaseEnd = sql`now() + make_interval(secs => ${LEASE_MS / 1000})`;

/**
 * Takes the lease of `key` for `server`, unless another server holds it unexpired. One statement: of servers racing
 * for a free or expired lease exactly one gets it. Times are the database's, so servers' clocks do not matter.
 */
export async function claimLease(key: string, chapterId: number, priority: JobPriority, server: string): Promise<boolean> {
  const rows = await getDb()
    .insert(audioLeases)
    .values({ key, chapterId, priority, serverId: server, leaseUntil: leaseEnd })
    .onConflictDoUpdate({
      target: audioLeases.key,
      set: { serverId: server, priority, startedAt: sql`now()`, leaseUntil: leaseEnd },
      // Our own id on the row: a lease this server left when it restarted under a fixed SERVER_ID (within one process
      // the job registry answers before a claim is tried, so this never doubles a running job).
      setWhere: sql`${audioLeases.leaseUntil} < now() or ${audioLeases.serverId} = ${server}`,
    })
    .returning({ key: audioLeases.key });
  return rows.length === 1;
}

/**
 * Extends the holder's lease. Returns the priority other servers' listeners asked for ('now' once anyone listens), or
 * null when the lease is no longer this server's (taken over after a stall: the holder should stop publishing).
 */
export async function renewLease(key: string, server: string): Promise<JobPriority | null> {
  const [row] = await getDb()
    .update(audioLeases)
    .set({ leaseUntil: leaseEnd })
    .where(and(eq(audioLeases.key, key), eq(audioLeases.serverId, server)))
    .returning({ priority: audioLeases.priority });
  return row ? (row.priority as JobPriority) : null;
}

export async function releaseLease(key: string, server: string): Promise<void> {
  await getDb()
    .delete(audioLeases)
    .where(and(eq(audioLeases.key, key), eq(audioLeases.serverId, server)));
}

/** A listener on a server that does not hold the lease: the holder learns at its next renewal to put them first. */
export async function promoteLease(key: string): Promise<void> {
  await getDb().update(audioLeases).set({ priority: 'now' }).where(eq(audioLeases.key, key));
}

/** The unexpired lease of a key, if any. */
export async function liveLease(key: string): Promise<{ serverId: string; priority: string } | null> {
  const [row] = await getDb()
    .select({ serverId: audioLeases.serverId, priority: audioLeases.priority })
    .from(audioLeases)
    .where(and(eq(audioLeases.key, key), gte(audioLeases.leaseUntil, sql`now()`)));
  return row ?? null;
}

/** Chapters some server is synthesizing now: their audio is never evicted under that server. */
export async function leasedChapterIds(): Promise<Set<number>> {
  const rows = await getDb()
    .selectDistinct({ id: audioLeases.chapterId })
    .from(audioLeases)
    .where(gte(audioLeases.leaseUntil, sql`now()`));
  return new Set(rows.map((r) => r.id));
}
