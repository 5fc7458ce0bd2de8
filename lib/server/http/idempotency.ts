import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { env } from '../env';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';

const WINDOW_MS = 24 * 60 * 60 * 1000;
export const SIG_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export type Claim = { kind: 'fresh'; id: number } | { kind: 'replay'; status: number; body: unknown } | { kind: 'in_progress' };

/**
 * Keys longer than their column (route 200, actor 80 characters) are stored as a digest: any unknown /v1 path can be
 * long, and a visitor's actor carries the tracking cookie, which the client controls.
 */
function fitKey(value: string, max: number): string {
  return value.length <= max ? value : `sha256:${createHash('sha256').update(value).digest('hex')}`;
}

/**
 * Claims (actor, route, x-sig). The unique index makes the first caller the only one to run the action;
 * later callers within 24 h get its stored answer, or "in progress" while it is still running (at most the lease).
 */
export async function claimIdempotencyKey(rawActor: string, rawRoute: string, sig: string): Promise<Claim> {
  const actor = fitKey(rawActor, 80);
  const route = fitKey(rawRoute, 200);
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
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.id, existing.id), lt(idempotencyKeys.createdAt, new Date(Date.now() - WINDOW_MS))));
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

/**
 * Stores the answer a replay gets. An answer holding a secret (`secret`) is not stored: a replay would hand the token
 * to whoever repeats the x-sig — for a visitor the actor is only a cookie or address. Such a call is done once and
 * its replay answers 40900 (docs/abuse.md "Stored secrets").
 */
export async function completeIdempotencyKey(id: number, status: number, body: unknown, secret = false): Promise<void> {
  const answer = secret ? { status: 409, response: { code: CODES.conflict, message: SERVER_MSG.alreadyDone } } : { status, response: body };
  await getDb().update(idempotencyKeys).set(answer).where(eq(idempotencyKeys.id, id));
}

/** Drops answers older than the 24 h replay window; they can never be replayed again. */
export async function purgeIdempotencyKeys(now = new Date()): Promise<number> {
  const rows = await getDb()
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - WINDOW_MS)))
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}

/** A server failure is not an answer worth replaying: the client may retry with the same x-sig. */
export async function releaseIdempotencyKey(id: number): Promise<void> {
  await getDb().delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}
