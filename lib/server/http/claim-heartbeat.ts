import 'server-only';
import { and, inArray, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { env } from '../env';
import { log } from '../logger';

/**
 * The x-sig claims this server holds while their requests run, renewed together every lease / 3 (docs/api.md
 * "x-sig"): one UPDATE per server per beat however many requests are in flight, none while idle. A server that dies
 * stops renewing, so its claims go stale within the lease and another server's retry takes them over.
 */
const state = globalThis as typeof globalThis & {
  __shushengHeldClaims?: Set<number>;
  __shushengClaimBeat?: ReturnType<typeof setInterval>;
};
const held = (state.__shushengHeldClaims ??= new Set<number>());

export const heartbeatMs = () => Math.max(1000, Math.floor((env().IDEMPOTENCY_LEASE_SECONDS * 1000) / 3));

/** A claim this server now runs: renewed until `dropClaim`. */
export function holdClaim(id: number): void {
  held.add(id);
  state.__shushengClaimBeat ??= setInterval(() => void renewHeldClaims(), heartbeatMs());
  // The beat never keeps a stopping process alive.
  state.__shushengClaimBeat.unref?.();
}

/** The request answered (or failed): nothing left to renew for it; the beat stops with the last claim. */
export function dropClaim(id: number): void {
  held.delete(id);
  if (held.size === 0 && state.__shushengClaimBeat) {
    clearInterval(state.__shushengClaimBeat);
    state.__shushengClaimBeat = undefined;
  }
}

/** One beat: every held, still unanswered claim is renewed to `now`. A failed beat is logged; the next one tries again. */
export async function renewHeldClaims(now = new Date()): Promise<number> {
  if (held.size === 0) return 0;
  try {
    const db = getDb();
    // A claim row locked right now is being answered by its own request (a purchase stores its answer in its own
    // transaction): skipped, not waited for, so the beat never queues behind a purchase's locks nor joins a deadlock.
    const free = db
      .select({ id: idempotencyKeys.id })
      .from(idempotencyKeys)
      .where(and(inArray(idempotencyKeys.id, [...held]), isNull(idempotencyKeys.status)))
      .for('update', { skipLocked: true });
    const rows = await db
      .update(idempotencyKeys)
      .set({ renewedAt: now })
      .where(inArray(idempotencyKeys.id, free))
      .returning({ id: idempotencyKeys.id });
    return rows.length;
  } catch (err) {
    log('warn', 'idempotency_heartbeat_failed', { err, held: held.size });
    return 0;
  }
}

/** Whether the beat's timer runs: only while a claim is held. */
export const beatRunning = (): boolean => state.__shushengClaimBeat !== undefined;

/** Claims this server holds now. */
export const heldClaims = (): number[] => [...held];
