import { eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { getDb } from '../db/client';
import { staffAuditLog, staffSessions, staffUsers } from '../db/schema';
import { hashToken } from '../accounts/tokens';
import { changeStaffRole, createStaff, createStaffFromCommand, resetStaffPassword, setStaffDisabled } from './accounts';
import { LOCK_MS, MAX_FAILURES, staffSignIn } from './login';
import { hashPassword, scryptN, verifyPassword } from './password';
import { can } from '../core/roles';
import { findStaffByToken, purgeExpiredStaffSessions, STAFF_SESSION_MS } from './sessions';

useTestDatabase();
let ipSeq = 0;
const ip = () => `10.9.0.${++ipSeq}`;
let adminId = 0;
const admin = () => ({ id: adminId, role: 'admin', ip: '10.0.0.1' });

beforeAll(async () => {
  adminId = await createStaffFromCommand(getDb(), { username: 'Root', role: 'admin', password: 'root-password-1' });
});

describe('passwords (docs/console.md "Passwords")', () => {
  it('scrypt hash carries its parameters and verifies only the right password', async () => {
    const lowered = process.env.STAFF_SCRYPT_TEST_N;
    delete process.env.STAFF_SCRYPT_TEST_N;
    let hash: string;
    try {
      hash = await hashPassword('s3cret-enough');
    } finally {
      process.env.STAFF_SCRYPT_TEST_N = lowered;
    }
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('s3cret-enough', hash)).toBe(true);
    expect(await verifyPassword('s3cret-enougH', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99999999$8$1$AAAA$BBBB')).toBe(false);
  });

  it('only the test suite may lower the cost, and never below 1024', () => {
    expect(scryptN({ NODE_ENV: 'production', STAFF_SCRYPT_TEST_N: '1024' })).toBe(32768);
    expect(scryptN({ STAFF_SCRYPT_TEST_N: '1024' })).toBe(32768);
    expect(scryptN({ NODE_ENV: 'test', STAFF_SCRYPT_TEST_N: '16' })).toBe(32768);
    expect(scryptN({ NODE_ENV: 'test', STAFF_SCRYPT_TEST_N: '2048' })).toBe(2048);
  });
});

describe('roles', () => {
  it('admin may do everything; moderators moderate; editors and finance see the dashboard and their own log', () => {
    expect(can('admin', 'staff')).toBe(true);
    expect(can('moderator', 'moderation') && can('moderator', 'words') && can('moderator', 'announcements')).toBe(true);
    expect(can('admin', 'announcements')).toBe(true);
    expect(can('moderator', 'staff') || can('moderator', 'audit:all')).toBe(false);
    for (const role of ['editor', 'finance']) {
      expect(can(role, 'dashboard') && can(role, 'audit:own')).toBe(true);
      expect(can(role, 'moderation') || can(role, 'words') || can(role, 'announcements') || can(role, 'staff')).toBe(false);
    }
    expect(can('root', 'dashboard')).toBe(false);
  });
});

describe('sign-in, sessions and lockout', () => {
  it('signs in case-insensitively, stores only a digest, expires after 12 h', async () => {
    const now = new Date();
    const { session } = await staffSignIn({ username: ' ROOT ', password: 'root-password-1', ip: ip() }, now);
    const rows = await getDb()
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, hashToken(session.token)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(session.token);
    expect(session.expiresAt.getTime() - now.getTime()).toBe(STAFF_SESSION_MS);
    expect(await findStaffByToken(session.token)).toMatchObject({ id: adminId, role: 'admin' });
    expect(await findStaffByToken(session.token, new Date(now.getTime() + STAFF_SESSION_MS + 1))).toBeNull();
    expect(await purgeExpiredStaffSessions(new Date(now.getTime() + STAFF_SESSION_MS + 1))).toBeGreaterThanOrEqual(1);
    expect(
      await getDb()
        .select()
        .from(staffSessions)
        .where(eq(staffSessions.tokenHash, hashToken(session.token))),
    ).toHaveLength(0);
  });

  it('locks an account after repeated failures, even for the right password, then lets it in after the lock', async () => {
    const id = await createStaff(admin(), { username: 'locky', role: 'moderator', password: 'locky-password' });
    const t0 = new Date();
    for (let i = 0; i < MAX_FAILURES; i++)
      await expect(staffSignIn({ username: 'locky', password: 'wrong-password', ip: ip() }, t0)).rejects.toMatchObject({ status: 403 });
    await expect(staffSignIn({ username: 'locky', password: 'locky-password', ip: ip() }, t0)).rejects.toMatchObject({ status: 429 });
    const later = new Date(t0.getTime() + LOCK_MS + 1000);
    await expect(staffSignIn({ username: 'locky', password: 'locky-password', ip: ip() }, later)).resolves.toMatchObject({ staffId: id });
    const actions = (await getDb().select().from(staffAuditLog).where(eq(staffAuditLog.staffId, id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.login_failed', 'staff.locked', 'staff.login_locked', 'staff.login']));
  });

  it('throttles one address guessing across accounts', async () => {
    const addr = '10.66.0.1';
    const tries = Array.from({ length: 20 }, (_, i) => staffSignIn({ username: `ghost${i}`, password: 'nope-nope-nope', ip: addr }));
    // allSettled attaches a handler to every attempt at once: awaiting them one by one left later rejections
    // unhandled for a moment, which Jest reports as a failure when the machine is busy.
    for (const r of await Promise.allSettled(tries)) expect(r).toMatchObject({ status: 'rejected', reason: { status: 403 } });
    await expect(staffSignIn({ username: 'root', password: 'root-password-1', ip: addr })).rejects.toMatchObject({ status: 429 });
  });

  it('a disabled account cannot sign in and its sessions end', async () => {
    const id = await createStaff(admin(), { username: 'gone', role: 'editor', password: 'gone-password' });
    const { session } = await staffSignIn({ username: 'gone', password: 'gone-password', ip: ip() });
    await setStaffDisabled(admin(), id, true);
    expect(await findStaffByToken(session.token)).toBeNull();
    await expect(staffSignIn({ username: 'gone', password: 'gone-password', ip: ip() })).rejects.toMatchObject({ status: 403 });
    await setStaffDisabled(admin(), id, false);
    await expect(staffSignIn({ username: 'gone', password: 'gone-password', ip: ip() })).resolves.toBeTruthy();
  });
});

describe('staff management', () => {
  it('only admins manage staff; every change writes an audit row', async () => {
    await expect(
      createStaff({ ...admin(), role: 'moderator' }, { username: 'sneaky', role: 'admin', password: 'sneaky-password' }),
    ).rejects.toMatchObject({ status: 403 });
    const id = await createStaff(admin(), { username: 'editor1', role: 'editor', password: 'editor-password' });
    await changeStaffRole(admin(), id, 'finance');
    await resetStaffPassword(admin(), id, 'another-password');
    const actions = (await getDb().select().from(staffAuditLog).where(eq(staffAuditLog.targetId, id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.create', 'staff.role', 'staff.password']));
    expect((await getDb().select().from(staffUsers).where(eq(staffUsers.id, id)))[0]!.role).toBe('finance');
  });

  it('refuses bad input: duplicate or malformed username, unknown role, short password', async () => {
    await expect(createStaff(admin(), { username: 'root', role: 'admin', password: 'root-password-2' })).rejects.toMatchObject({
      status: 409,
    });
    await expect(createStaff(admin(), { username: 'a b', role: 'admin', password: 'whatever-long' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(createStaff(admin(), { username: 'okname', role: 'god', password: 'whatever-long' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(createStaff(admin(), { username: 'okname', role: 'editor', password: 'short' })).rejects.toMatchObject({ status: 400 });
    await expect(changeStaffRole(admin(), 99_999, 'editor')).rejects.toMatchObject({ status: 404 });
  });

  it('keeps the last enabled admin', async () => {
    await expect(changeStaffRole(admin(), adminId, 'editor')).rejects.toMatchObject({ status: 409 });
    await expect(setStaffDisabled(admin(), adminId, true)).rejects.toMatchObject({ status: 409 });
  });
});
