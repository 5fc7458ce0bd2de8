import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { CODES } from '@/lib/shared/dto/envelope';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb, type DbOrTx } from '../db/client';
import { staffUsers } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { hmac } from '../secret';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;
/** Codes one step either side of now are accepted (clock drift between phone and server). */
export const TOTP_WINDOW = 1;
const ISSUER = 'Shusheng console';
const CODE = /^\d{6}$/;
const T = OPS_TEXT.totp;

/**
 * The secret is sealed with AES-256-GCM under a key derived from the app secret, so a copy of the table alone does
 * not give the codes away (docs/console.md "Second factor").
 */
function sealKey(): Buffer {
  return createHash('sha256').update(hmac('staff-totp-seal-v1')).digest();
}

export function sealSecret(base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(), iv);
  const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function openSecret(sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

function totpOf(base32: string, username: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(base32),
  });
}

/** The 30-second step a valid code belongs to (now ± TOTP_WINDOW), or null for a wrong code. */
export function codeStep(base32: string, username: string, code: string, now: Date): number | null {
  if (!CODE.test(code)) return null;
  const delta = totpOf(base32, username).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

/**
 * Accepts a code once: the step is recorded with a conditional UPDATE that only moves forward, so the same code
 * (or an older one) replayed within its window — even by two requests at once — finds nothing to update.
 */
export async function consumeCode(
  tx: DbOrTx,
  staffId: number,
  base32: string,
  username: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const step = codeStep(base32, username, code, now);
  if (step === null) return false;
  const rows = await tx
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return rows.length === 1;
}

export interface TotpState {
  enabledAt: Date | null;
  /** Only while an enrolment waits for its first code: the secret to type and its QR code (a data: URL). */
  pending: { secret: string; uri: string; qr: string } | null;
}

async function loadStaff(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id));
  if (!row) throw notFound(SERVER_MSG.staffNotFound);
  return row;
}

/** What /admin/account shows: on since when, or the pending enrolment's secret (never the enabled one). */
export async function totpState(staffId: number): Promise<TotpState> {
  const row = await loadStaff(getDb(), staffId);
  if (row.totpSecret) return { enabledAt: row.totpEnabledAt, pending: null };
  if (!row.totpPendingSecret) return { enabledAt: null, pending: null };
  const secret = openSecret(row.totpPendingSecret);
  const uri = totpOf(secret, row.username).toString();
  return { enabledAt: null, pending: { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) } };
}

/** Starts (or restarts) an enrolment for the signed-in staff member: a fresh 160-bit secret, not yet in force. */
export async function beginTotp(actor: StaffActor): Promise<void> {
  assertCan(actor, 'dashboard');
  await getDb().transaction(async (tx) => {
    const row = await loadStaff(tx, actor.id);
    if (row.totpSecret) throw new ApiError(CODES.conflict, T.alreadyOn);
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await tx
      .update(staffUsers)
      .set({ totpPendingSecret: sealSecret(secret) })
      .where(eq(staffUsers.id, actor.id));
    await writeAudit(tx, { staffId: actor.id, action: 'staff.totp_begin', targetType: 'staff', targetId: actor.id, ip: actor.ip });
  });
}

export async function cancelTotp(actor: StaffActor): Promise<void> {
  assertCan(actor, 'dashboard');
  await getDb().update(staffUsers).set({ totpPendingSecret: null }).where(eq(staffUsers.id, actor.id));
}

/** A current code from the app switches the pending secret on; from then on sign-in asks for a code. */
export async function confirmTotp(actor: StaffActor, code: string, now = new Date()): Promise<void> {
  assertCan(actor, 'dashboard');
  if (!CODE.test(code)) throw invalid(T.codeFormat);
  await getDb().transaction(async (tx) => {
    const row = await loadStaff(tx, actor.id);
    if (row.totpSecret) throw new ApiError(CODES.conflict, T.alreadyOn);
    if (!row.totpPendingSecret) throw invalid(T.notPending);
    const secret = openSecret(row.totpPendingSecret);
    if (!(await consumeCode(tx, actor.id, secret, row.username, code, now))) throw invalid(T.badCode);
    await tx
      .update(staffUsers)
      .set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: now })
      .where(eq(staffUsers.id, actor.id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'staff.totp_enable',
      targetType: 'staff',
      targetId: actor.id,
      detail: { before: { totp: false }, after: { totp: true } },
      ip: actor.ip,
    });
  });
}

/** Switching the factor off needs a current code, so a session left open is not enough to remove it. */
export async function disableTotp(actor: StaffActor, code: string, now = new Date()): Promise<void> {
  assertCan(actor, 'dashboard');
  if (!CODE.test(code)) throw invalid(T.codeFormat);
  await getDb().transaction(async (tx) => {
    const row = await loadStaff(tx, actor.id);
    if (!row.totpSecret) throw invalid(T.notOn);
    if (!(await consumeCode(tx, actor.id, openSecret(row.totpSecret), row.username, code, now))) throw invalid(T.badCode);
    await tx.update(staffUsers).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null }).where(eq(staffUsers.id, actor.id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'staff.totp_disable',
      targetType: 'staff',
      targetId: actor.id,
      detail: { before: { totp: true }, after: { totp: false } },
      ip: actor.ip,
    });
  });
}

/**
 * An admin clears another staff member's factor (a lost phone); they sign in with the password and may enrol again.
 * Never the admin's own (docs/console.md "Second factor").
 */
export async function resetStaffTotp(actor: StaffActor, id: number): Promise<void> {
  assertCan(actor, 'staff');
  // An admin's own factor goes off only with a current code (disableTotp): a session left open is not enough.
  if (id === actor.id) throw invalid(T.resetSelf);
  await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
    if (!row) throw notFound(SERVER_MSG.staffNotFound);
    await tx
      .update(staffUsers)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(staffUsers.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'staff.totp_reset',
      targetType: 'staff',
      targetId: id,
      detail: { before: { totp: Boolean(row.totpSecret) }, after: { totp: false } },
      ip: actor.ip,
    });
  });
}
