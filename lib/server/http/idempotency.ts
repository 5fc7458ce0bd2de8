import 'server-only';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { env } from '../env';

const WINDOW_MS = 24 * 60 * 60 * 1000;
export const SIG_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export type Claim =
  | { kind: 'fresh'; id: number }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in_progress' };

/**
 * Claims (actor, route, x-sig). The unique index makes the first caller the only one to run the action;
 * later callers within 24 h get its stored answer, or "in progress" while it is still running (at most the lease).
 */
export async function claimIdempotencyKey(actor: string, route: string, sig: string): Promise<Claim> {
  const db = getDb();
  for (let attempt = 0; attempt < 2; attempt++) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ actor, route, sig })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: 'fresh', id: inserted.id };
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.actor, actor), eq(idempotencyKeys.route, route), eq(idempotencyKeys.sig, sig)));
    if (!existing) continue;
    if (Date.now() - existing.createdAt.getTime() > WINDOW_MS) {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, existing.id), lt(idempotencyKeys.createdAt, new Date(Date.now() - WINDOW_MS))));
      continue;
    }
    if (existing.status === null) {
      // Unanswered past the lease: the process that claimed it was killed mid-request (the claim is written before
      // the action and answered after it, so a crash leaves it open). Without this the x-sig would answer "in
      // progress" for 24 h. Re-running is safe where it matters: money movements carry their own idempotency keys.
      if (Date.now() - existing.createdAt.getTime() > env().IDEMPOTENCY_LEASE_SECONDS * 1000) {
        await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, existing.id), isNull(idempotencyKeys.status)));
        continue;
      }
      return { kind: 'in_progress' };
    }
    return { kind: 'replay', status: existing.status, body: existing.response };
  }
  return { kind: 'in_progress' };
}

export async function completeIdempotencyKey(id: number, status: number, body: unknown): Promise<void> {
  await getDb().update(idempotencyKeys).set({ status, response: body }).where(eq(idempotencyKeys.id, id));
}

/** A server failure is not an answer worth replaying: the client may retry with the same x-sig. */
export async function releaseIdempotencyKey(id: number): Promise<void> {
  await getDb().delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}
