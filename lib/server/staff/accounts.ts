import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { staffUsers } from '../db/schema';
import { ApiError, invalid, notFound } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './password';
import { isStaffRole, type StaffRole } from '../core/roles';
import { revokeAllStaffSessions } from './sessions';

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{2,31}$/;

export interface NewStaff {
  username: string;
  displayName?: string;
  password: string;
  role: string;
}

export interface StaffListRow {
  id: number;
  username: string;
  displayName: string;
  role: string;
  disabled: boolean;
  lockedUntil: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  /** When the second factor was switched on; null while off (docs/console.md "Second factor"). */
  totpEnabledAt: Date | null;
}

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) throw invalid(SERVER_MSG.staffPasswordLength);
}

function checkNew(input: NewStaff): { username: string; displayName: string; role: StaffRole } {
  const username = input.username.trim().toLowerCase();
  if (!USERNAME_PATTERN.test(username)) throw invalid(SERVER_MSG.staffUsernameInvalid);
  if (!isStaffRole(input.role)) throw invalid(SERVER_MSG.staffRoleInvalid);
  checkPassword(input.password);
  const displayName = (input.displayName ?? '').trim().slice(0, 32) || username;
  return { username, displayName, role: input.role };
}

async function insertStaff(tx: DbOrTx, input: NewStaff): Promise<number> {
  const fields = checkNew(input);
  const passwordHash = await hashPassword(input.password);
  const [row] = await tx
    .insert(staffUsers)
    .values({ ...fields, passwordHash })
    .onConflictDoNothing({ target: staffUsers.username })
    .returning({ id: staffUsers.id });
  if (!row) throw new ApiError(CODES.conflict, SERVER_MSG.staffUsernameTaken);
  return row.id;
}

/** `npm run staff:create`: no one is signed in yet, so the audit row names the new account and the command. */
export async function createStaffFromCommand(db: DbOrTx, input: NewStaff): Promise<number> {
  return (db as Tx).transaction(async (tx) => {
    const id = await insertStaff(tx, input);
    await writeAudit(tx, {
      staffId: id,
      action: 'staff.create',
      targetType: 'staff',
      targetId: id,
      detail: { role: input.role, via: 'command' },
    });
    return id;
  });
}

export async function createStaff(actor: StaffActor, input: NewStaff): Promise<number> {
  assertCan(actor, 'staff');
  return getDb().transaction(async (tx) => {
    const id = await insertStaff(tx, input);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'staff.create',
      targetType: 'staff',
      targetId: id,
      detail: { username: input.username.trim().toLowerCase(), role: input.role },
      ip: actor.ip,
    });
    return id;
  });
}

export async function listStaff(actor: StaffActor): Promise<StaffListRow[]> {
  assertCan(actor, 'staff');
  return getDb()
    .select({
      id: staffUsers.id,
      username: staffUsers.username,
      displayName: staffUsers.displayName,
      role: staffUsers.role,
      disabled: staffUsers.disabled,
      lockedUntil: staffUsers.lockedUntil,
      lastLoginAt: staffUsers.lastLoginAt,
      createdAt: staffUsers.createdAt,
      totpEnabledAt: staffUsers.totpEnabledAt,
    })
    .from(staffUsers)
    .orderBy(asc(staffUsers.id));
}

/** Usernames by id, for the audit view's staff filter (every role may filter its own; admins everyone). */
export async function staffNames(): Promise<{ id: number; username: string }[]> {
  return getDb().select({ id: staffUsers.id, username: staffUsers.username }).from(staffUsers).orderBy(asc(staffUsers.id));
}

/** The account, locked for the change; a missing one answers 404. */
async function lockStaff(tx: Tx, id: number) {
  const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
  if (!row) throw notFound(SERVER_MSG.staffNotFound);
  return row;
}

/** The console must keep at least one enabled admin: the last one cannot be demoted or disabled. */
async function assertAnotherAdmin(tx: Tx, id: number): Promise<void> {
  // Lock every enabled admin row so two admins demoting each other at once cannot both succeed.
  const others = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false), ne(staffUsers.id, id)))
    .for('update');
  if (others.length === 0) throw new ApiError(CODES.conflict, SERVER_MSG.staffLastAdmin);
}

export async function changeStaffRole(actor: StaffActor, id: number, role: string): Promise<void> {
  assertCan(actor, 'staff');
  if (!isStaffRole(role)) throw invalid(SERVER_MSG.staffRoleInvalid);
  await getDb().transaction(async (tx) => {
    const row = await lockStaff(tx, id);
    if (row.role === role) return;
    if (row.role === 'admin' && !row.disabled) await assertAnotherAdmin(tx, id);
    await tx.update(staffUsers).set({ role }).where(eq(staffUsers.id, id));
    // A new role takes effect on the next request anyway (sessions look the role up); signing out makes it plain.
    await revokeAllStaffSessions(tx, id);
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'staff.role',
      targetType: 'staff',
      targetId: id,
      detail: { from: row.role, to: role },
      ip: actor.ip,
    });
  });
}

export async function setStaffDisabled(actor: StaffActor, id: number, disabled: boolean): Promise<void> {
  assertCan(actor, 'staff');
  await getDb().transaction(async (tx) => {
    const row = await lockStaff(tx, id);
    if (row.disabled === disabled) return;
    if (disabled && row.role === 'admin') await assertAnotherAdmin(tx, id);
    await tx
      .update(staffUsers)
      .set(disabled ? { disabled } : { disabled, failedLogins: 0, lockedUntil: null })
      .where(eq(staffUsers.id, id));
    if (disabled) await revokeAllStaffSessions(tx, id);
    await writeAudit(tx, {
      staffId: actor.id,
      action: disabled ? 'staff.disable' : 'staff.enable',
      targetType: 'staff',
      targetId: id,
      ip: actor.ip,
    });
  });
}

/** An admin sets a new password (the holder forgot it); the account's sessions end and its lock lifts. */
export async function resetStaffPassword(actor: StaffActor, id: number, password: string): Promise<void> {
  assertCan(actor, 'staff');
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  await getDb().transaction(async (tx) => {
    await lockStaff(tx, id);
    await tx.update(staffUsers).set({ passwordHash, failedLogins: 0, lockedUntil: null }).where(eq(staffUsers.id, id));
    await revokeAllStaffSessions(tx, id);
    await writeAudit(tx, { staffId: actor.id, action: 'staff.password', targetType: 'staff', targetId: id, ip: actor.ip });
  });
}

export async function countStaff(): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(staffUsers);
  return row!.n;
}
