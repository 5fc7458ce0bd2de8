import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { env } from '../env';
import { CODES } from '@/lib/shared/dto/envelope';
import { dropClaim, holdClaim } from './claim-heartbeat';
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
 * The claim's insert, prepared once per database handle: every mutation sends it, so Drizzle builds its text once and
 * PostgreSQL plans it once per connection (docs/wallet.md "Where a purchase's time goes").
 */
function claimInsert(db: Db) {
  return db
    .insert(idempotencyKeys)
    .values({
      actor: sql.placeholder('actor'),
      route: sql.placeholder('route'),
      sig: sql.placeholder('sig'),
      renewedAt: sql.placeholder('renewedAt'),
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id })
    .prepare('idempotency_claim');
}
const inserts = new WeakMap<Db, ReturnType<typeof claimInsert>>();

/**
 * Claims (actor, route, x-sig). The unique index makes the first caller the only one to run the action;
 * later callers within 24 h get its stored answer, or "in progress" while it is still running. A fresh claim is held
 * by this server (claim-heartbeat.ts), which renews it while the request runs; `now` is the caller's clock (tests).
 */
export async function claimIdempotencyKey(rawActor: string, rawRoute: string, sig: string, now = new Date()): Promise<Claim> {
  const actor = fitKey(rawActor, 80);
  const route = fitKey(rawRoute, 200);
  const db = getDb();
  const lease = env().IDEMPOTENCY_LEASE_SECONDS * 1000;
  for (let attempt = 0; attempt < 2; attempt++) {
    let insert = inserts.get(db);
    if (!insert) inserts.set(db, (insert = claimInsert(db)));
    const [inserted] = await insert.execute({ actor, route, sig, renewedAt: now });
    if (inserted) {
      holdClaim(inserted.id);
      return { kind: 'fresh', id: inserted.id };
    }
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.actor, actor), eq(idempotencyKeys.route, route), eq(idempotencyKeys.sig, sig)));
    if (!existing) continue;
    if (now.getTime() - existing.createdAt.getTime() > WINDOW_MS) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.id, existing.id), lt(idempotencyKeys.createdAt, new Date(now.getTime() - WINDOW_MS))));
      continue;
    }
    if (existing.status === null) {
      // Unanswered and no longer renewed: the server that claimed it died mid-request (the claim is written before the
      // action and answered after it, and a live server renews it every lease / 3). Without this the x-sig would
      // answer "in progress" for 24 h. The delete names the stale renewal, so a claim renewed meanwhile stays.
      // Re-running is safe where it matters: money movements carry their own idempotency keys.
      const stale = new Date(now.getTime() - lease);
      if (existing.renewedAt < stale) {
        await db
          .delete(idempotencyKeys)
          .where(and(eq(idempotencyKeys.id, existing.id), isNull(idempotencyKeys.status), lt(idempotencyKeys.renewedAt, stale)));
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
  try {
    await getDb().update(idempotencyKeys).set(answer).where(eq(idempotencyKeys.id, id));
  } finally {
    dropClaim(id);
  }
}

/**
 * completeIdempotencyKey as a statement for the caller's own transaction: the answer is stored only if that transaction
 * commits, with what it wrote (a chapter purchase stores it in its movement's statement, docs/wallet.md "Statements per
 * purchase"). `from` names a CTE that must hold a row for the answer to be stored (the movement, when it is new). The
 * caller answers with storedReply so withApi stores nothing more; it drops the claim's renewal itself.
 */
export function answerSql(id: number, status: number, body: unknown, from?: SQL): SQL {
  return sql`update ${idempotencyKeys} set status = ${status}, response = ${JSON.stringify(body)}::jsonb
    ${from ? sql`from ${from}` : sql``} where ${idempotencyKeys.id} = ${id}`;
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
  try {
    await getDb().delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
  } finally {
    dropClaim(id);
  }
}
