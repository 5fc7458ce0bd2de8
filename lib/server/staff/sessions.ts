import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { staffLoginChallenges, staffSessions, staffUsers } from '../db/schema';
import { hashToken } from '../accounts/tokens';

/** A console session lasts 12 hours from sign-in, never extended (docs/console.md "Sessions"). */
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;

export interface StaffSession {
  token: string;
  expiresAt: Date;
}

/** 256 random bits in the cookie; only their SHA-256 in the table. */
export async function createStaffSession(tx: DbOrTx, staffId: number, now = new Date()): Promise<StaffSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MS);
  await tx.insert(staffSessions).values({ tokenHash: hashToken(token), staffId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

export interface SignedInStaff {
  id: number;
  username: string;
  displayName: string;
  role: string;
}

/** The staff member behind a cookie token: unknown, expired or disabled accounts are nobody. */
export async function findStaffByToken(token: string | undefined, now = new Date()): Promise<SignedInStaff | null> {
  if (!token || token.length > 100) return null;
  const [row] = await getDb()
    .select({ id: staffUsers.id, username: staffUsers.username, displayName: staffUsers.displayName, role: staffUsers.role })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), gt(staffSessions.expiresAt, now), eq(staffUsers.disabled, false)));
  return row ?? null;
}

export async function revokeStaffSession(tx: DbOrTx, token: string): Promise<void> {
  await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
}

/** Disabling an account or changing its password ends every session it holds. */
export async function revokeAllStaffSessions(tx: DbOrTx, staffId: number): Promise<void> {
  await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
  // A password accepted before the change must not still open a session through the code step.
  await tx.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staffId, staffId));
}

/** Expired sessions no longer open anything; the abuse sweep (lib/server/boot/abuse-sweep.ts) deletes them. */
export async function purgeExpiredStaffSessions(now = new Date()): Promise<number> {
  await getDb().delete(staffLoginChallenges).where(lt(staffLoginChallenges.expiresAt, now));
  const rows = await getDb().delete(staffSessions).where(lt(staffSessions.expiresAt, now)).returning({ staffId: staffSessions.staffId });
  return rows.length;
}
