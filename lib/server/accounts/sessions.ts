import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { sessions } from '../db/schema';
import { hashToken } from './tokens';

export const SESSION_DAYS = 30;
export const SESSION_MS = SESSION_DAYS * 86_400_000;
// Sliding expiry is written at most once an hour per session, not on every request.
export const SLIDE_AFTER_MS = 3_600_000;

/** A new 256-bit token per sign-in; only its hash is stored. */
export async function createSession(
  db: DbOrTx,
  memberId: number,
  via: string,
  ctx: { userAgent?: string | null; ip?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_MS);
  await db.insert(sessions).values({
    memberId,
    tokenHash: hashToken(token),
    via,
    userAgent: ctx.userAgent?.slice(0, 512) ?? null,
    ip: ctx.ip ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

export async function revokeSession(sessionId: number): Promise<void> {
  await getDb()
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, memberId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
}

export async function slideSession(sessionId: number, now = new Date()): Promise<void> {
  await getDb()
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MS) })
    .where(eq(sessions.id, sessionId));
}
