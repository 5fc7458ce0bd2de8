import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb, type Tx } from '../db/client';
import { staffLoginChallenges, staffUsers } from '../db/schema';
import { hashToken } from '../accounts/tokens';
import { ApiError, invalid } from '../core/errors';
import { hitRateLimits } from '../abuse/rate-limit';
import { writeAudit } from '../core/audit';
import { decoyHash, verifyPassword } from './password';
import { createStaffSession, type StaffSession } from './sessions';
import { consumeCode, openSecret } from './totp';

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
  /**
   * A browser on the machine of a demo server (exemptFromIpLimits, docs/abuse.md "Demo switches"): not counted against
   * the per-address limit, as no per-address limit counts it; the per-account lock still holds.
   */
  localDemoClient?: boolean;
}

/** A password step's outcome: a session, or (second factor on) a challenge the code step must answer. */
export type PasswordStep =
  { staffId: number; session: StaffSession; challenge?: never } | { staffId: number; challenge: string; session?: never };

/** Signs in an account without a second factor (scripts, tests); one with a factor must go through the code step. */
export async function staffSignIn(input: LoginInput, now = new Date()): Promise<{ staffId: number; session: StaffSession }> {
  const step = await staffPasswordStep(input, now);
  if (!step.session) throw new ApiError(CODES.forbidden, OPS_TEXT.totp.codeStep);
  return step;
}

/**
 * Checks the password; opens a session, or — when the account has a second factor — a challenge (docs/console.md
 * "Second factor"). Every attempt, good or bad, leaves an audit row.
 */
export async function staffPasswordStep(input: LoginInput, now = new Date()): Promise<PasswordStep> {
  if (!input.localDemoClient) await hitRateLimits('staff_login', input.ip, STAFF_LOGIN_IP_LIMITS, now);
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
  if (user.totpSecret)
    return getDb().transaction(async (tx) => {
      const challenge = await createChallenge(tx, user.id, now);
      await writeAudit(tx, { staffId: user.id, action: 'staff.login_password', ip: input.ip });
      return { staffId: user.id, challenge };
    });
  return getDb().transaction(async (tx) => {
    await tx.update(staffUsers).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(eq(staffUsers.id, user.id));
    const session = await createStaffSession(tx, user.id, now);
    await writeAudit(tx, { staffId: user.id, action: 'staff.login', ip: input.ip });
    return { staffId: user.id, session };
  });
}

/** A challenge lasts long enough to open the authenticator app, no longer. */
export const CHALLENGE_MS = 5 * 60 * 1000;

async function createChallenge(tx: Tx, staffId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // One open challenge per account: a new password step replaces the old one.
  await tx.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staffId, staffId));
  await tx.insert(staffLoginChallenges).values({ tokenHash: hashToken(token), staffId, expiresAt: new Date(now.getTime() + CHALLENGE_MS) });
  return token;
}

export interface CodeInput {
  challenge: string | undefined;
  code: string;
  ip: string;
  /** As in LoginInput. */
  localDemoClient?: boolean;
}

/**
 * The second step: the challenge of a password accepted minutes ago plus a current code, never one already used.
 * Wrong codes count with wrong passwords: the MAX_FAILURES-th locks the account (and drops the challenge).
 */
export async function staffCodeStep(input: CodeInput, now = new Date()): Promise<{ staffId: number; session: StaffSession }> {
  if (!input.localDemoClient) await hitRateLimits('staff_login', input.ip, STAFF_LOGIN_IP_LIMITS, now);
  const expired = () => new ApiError(CODES.forbidden, OPS_TEXT.totp.challengeExpired);
  if (!input.challenge || input.challenge.length > 100) throw expired();
  const [found] = await getDb()
    .select({ user: staffUsers })
    .from(staffLoginChallenges)
    .innerJoin(staffUsers, eq(staffUsers.id, staffLoginChallenges.staffId))
    .where(and(eq(staffLoginChallenges.tokenHash, hashToken(input.challenge)), gt(staffLoginChallenges.expiresAt, now)));
  if (!found?.user.totpSecret) throw expired();
  const user = found.user;
  const sealed = found.user.totpSecret;
  if (user.lockedUntil && user.lockedUntil > now) {
    await writeAudit(getDb(), { staffId: user.id, action: 'staff.login_locked', ip: input.ip });
    throw new ApiError(CODES.rateLimited, SERVER_MSG.staffLocked);
  }
  if (user.disabled) throw expired();
  const secret = openSecret(sealed);
  const outcome = await getDb().transaction(async (tx) => {
    if (!(await consumeCode(tx, user.id, secret, user.username, input.code, now))) return null;
    await tx.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staffId, user.id));
    await tx.update(staffUsers).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(eq(staffUsers.id, user.id));
    const session = await createStaffSession(tx, user.id, now);
    await writeAudit(tx, { staffId: user.id, action: 'staff.login', detail: { totp: true }, ip: input.ip });
    return { staffId: user.id, session };
  });
  if (outcome) return outcome;
  const locked = await getDb().transaction(async (tx) => {
    const locks = await recordFailure(tx, user.id, input.ip, now, false, 'totp');
    if (locks) await tx.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staffId, user.id));
    return locks;
  });
  if (locked) throw new ApiError(CODES.rateLimited, SERVER_MSG.staffLocked);
  throw invalid(OPS_TEXT.totp.badCode);
}

/** One more failure; the MAX_FAILURES-th locks the account and starts the count again. */
async function recordFailure(tx: Tx, staffId: number, ip: string, now: Date, disabled: boolean, factor?: 'totp'): Promise<boolean> {
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
    detail: disabled ? { disabled: true } : factor ? { factor } : undefined,
    ip,
  });
  return locks;
}
