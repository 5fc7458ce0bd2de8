import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb, type Tx } from '../db/client';
import { staffUsers } from '../db/schema';
import { ApiError } from '../http/errors';
import { hitRateLimits } from '../abuse/rate-limit';
import { writeAudit } from './audit';
import { decoyHash, verifyPassword } from './password';
import { createStaffSession, type StaffSession } from './sessions';

/**
 * Sign-in throttling (docs/console.md "Sign-in and lockout"): an account is locked for LOCK_MS after
 * MAX_FAILURES wrong passwords in a row; an address may try STAFF_LOGIN_IP_LIMITS times whatever the usernames
 * (guessing across many accounts). Both count on the database, so they hold across processes.
 */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;
export const STAFF_LOGIN_IP_LIMITS = [
  { windowMs: 15 * 60 * 1000, max: 20 },
  { windowMs: 24 * 60 * 60 * 1000, max: 100 },
] as const;

export interface LoginInput {
  username: string;
  password: string;
  ip: string;
}

/** Checks the password and opens a session; every attempt, good or bad, leaves an audit row. */
export async function staffSignIn(input: LoginInput, now = new Date()): Promise<{ staffId: number; session: StaffSession }> {
  await hitRateLimits('staff_login', input.ip, STAFF_LOGIN_IP_LIMITS, now);
  const username = input.username.trim().toLowerCase();
  const [user] = await getDb().select().from(staffUsers).where(eq(staffUsers.username, username));
  // Unknown usernames cost the same scrypt as known ones, so timing does not tell which exist.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user) {
    await writeAudit(getDb(), { staffId: null, action: 'staff.login_failed', detail: { username: username.slice(0, 32) }, ip: input.ip });
    throw new ApiError(CODES.forbidden, SERVER_MSG.staffBadCredentials);
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    await writeAudit(getDb(), { staffId: user.id, action: 'staff.login_locked', ip: input.ip });
    throw new ApiError(CODES.rateLimited, SERVER_MSG.staffLocked);
  }
  if (!ok || user.disabled) {
    await getDb().transaction(async (tx) => recordFailure(tx, user.id, input.ip, now, user.disabled));
    throw new ApiError(CODES.forbidden, SERVER_MSG.staffBadCredentials);
  }
  return getDb().transaction(async (tx) => {
    await tx.update(staffUsers).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(eq(staffUsers.id, user.id));
    const session = await createStaffSession(tx, user.id, now);
    await writeAudit(tx, { staffId: user.id, action: 'staff.login', ip: input.ip });
    return { staffId: user.id, session };
  });
}

/** One more failure; the MAX_FAILURES-th locks the account and starts the count again. */
async function recordFailure(tx: Tx, staffId: number, ip: string, now: Date, disabled: boolean): Promise<void> {
  const [row] = await tx
    .update(staffUsers)
    .set({ failedLogins: sql`${staffUsers.failedLogins} + 1` })
    .where(eq(staffUsers.id, staffId))
    .returning({ failed: staffUsers.failedLogins });
  const locks = row!.failed >= MAX_FAILURES;
  if (locks)
    await tx
      .update(staffUsers)
      .set({ failedLogins: 0, lockedUntil: new Date(now.getTime() + LOCK_MS) })
      .where(eq(staffUsers.id, staffId));
  await writeAudit(tx, {
    staffId,
    action: locks ? 'staff.locked' : 'staff.login_failed',
    detail: disabled ? { disabled: true } : undefined,
    ip,
  });
}
