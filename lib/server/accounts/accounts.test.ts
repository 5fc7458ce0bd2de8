import { and, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import {
  chapterUnlocks,
  favorites,
  ledgerEntries,
  members,
  readLogs,
  sessions,
  voucherLots,
  walletAccounts,
  ledgerTransactions,
  guardianConsents,
} from '../db/schema';
import { hashToken } from './tokens';
import { findMemberByToken } from './current-member';
import { createSession, revokeSession, SESSION_MS } from './sessions';
import { loginAsGuest, loginWithIdentity, loginWithSms } from './login';
import { bindPhone } from './binding';
import { sendLoginCode } from './sms/codes';
import { assertMayPay, declareBirthDate, recordGuardianConsent } from '../wallet/minors';
import { ensureMemberAccount, ensureSystemAccount, getBalance } from '../wallet/accounts';
import type { SmsProvider } from './sms/provider';

const db = useTestDatabase({ seed: true });
const codes = new Map<string, string>();
const capture: SmsProvider = { name: 'capture', sendLoginCode: async (p, c) => void codes.set(p, c) };
// Version 1 of both agreements ships with the migrations (docs/agreements.md "Templates"): what a reader ticks here.
const ctx = { userAgent: 'jest', ip: '127.0.0.1', agreed: { user: 1, privacy: 1 } };
let ipSeq = 0;
const sendsPerPhone = new Map<string, number>();
// Each further code for a phone is dated two minutes later, so the once-a-minute limit does not get in the way.
async function codeFor(phone: string) {
  const n = sendsPerPhone.get(phone) ?? 0;
  sendsPerPhone.set(phone, n + 1);
  await sendLoginCode(phone, `10.7.0.${++ipSeq}`, capture, new Date(Date.now() + n * 120_000));
  return codes.get(phone)!;
}

/** Gives a member coins and a voucher lot through a balanced movement, as the wallet will. */
async function fund(memberId: number, coins: number, vouchers: number) {
  await db.handle().db.transaction(async (t) => {
    const [movement] = await t.insert(ledgerTransactions).values({ kind: 'test_grant', memberId }).returning({ id: ledgerTransactions.id });
    for (const [currency, amount] of [
      ['welth', coins],
      ['welth_coupon', vouchers],
    ] as const) {
      const account = await ensureMemberAccount(t, memberId, currency);
      const source = await ensureSystemAccount(t, 'test', currency);
      await t.insert(ledgerEntries).values([
        { txId: movement!.id, accountId: source, currency, amount: -amount },
        { txId: movement!.id, accountId: account, currency, amount },
      ]);
      await t
        .update(walletAccounts)
        .set({ balance: sql`balance + ${amount}` })
        .where(eq(walletAccounts.id, account));
      await t
        .update(walletAccounts)
        .set({ balance: sql`balance - ${amount}` })
        .where(eq(walletAccounts.id, source));
    }
    await t
      .insert(voucherLots)
      .values({ memberId, amount: vouchers, remaining: vouchers, expiresAt: new Date(Date.now() + 7 * 86_400_000), txId: movement!.id });
  });
}

describe('sessions', () => {
  it('issues a new 256-bit token at each sign-in, stored only as a hash', async () => {
    const phone = '13600000001';
    const a = await loginWithSms(phone, await codeFor(phone), ctx);
    const b = await loginWithSms(phone, await codeFor(phone), ctx);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.is_new).toBe(true);
    const stored = await db.handle().db.select().from(sessions).where(eq(sessions.memberId, a.member_id));
    expect(stored.map((s) => s.tokenHash)).toContain(hashToken(a.token));
    expect(JSON.stringify(stored)).not.toContain(a.token);
    expect(b.token).not.toBe(a.token);
    expect(b).toMatchObject({ member_id: a.member_id, is_new: false });
    expect(await findMemberByToken(a.token)).toMatchObject({ id: a.member_id });
  });

  it('two sessions of one member are distinct and each revocable', async () => {
    const [m] = await db.handle().db.insert(members).values({ nickname: 'S' }).returning();
    const one = await createSession(db.handle().db, m!.id, 'test', ctx);
    const two = await createSession(db.handle().db, m!.id, 'test', ctx);
    expect(one.token).not.toBe(two.token);
    const found = await findMemberByToken(one.token);
    await revokeSession(found!.sessionId);
    expect(await findMemberByToken(one.token)).toBeNull();
    expect(await findMemberByToken(two.token)).toMatchObject({ id: m!.id });
  });

  it('an expired session finds nobody', async () => {
    const [m] = await db.handle().db.insert(members).values({ nickname: 'E' }).returning();
    const { token } = await createSession(db.handle().db, m!.id, 'test', ctx);
    await db
      .handle()
      .db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(await findMemberByToken(token)).toBeNull();
  });

  it('slides the 30-day expiry forward on use, at most hourly', async () => {
    const [m] = await db.handle().db.insert(members).values({ nickname: 'L' }).returning();
    const { token } = await createSession(db.handle().db, m!.id, 'test', ctx);
    const old = new Date(Date.now() - 2 * 3_600_000);
    await db
      .handle()
      .db.update(sessions)
      .set({ lastSeenAt: old, expiresAt: new Date(old.getTime() + SESSION_MS) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await findMemberByToken(token);
    const [row] = await db
      .handle()
      .db.select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_MS - 60_000);
  });
});

describe('guest and third-party sign-in', () => {
  it('one guest per device id', async () => {
    const a = await loginAsGuest('device-aaaa-1111', ctx);
    const b = await loginAsGuest('device-aaaa-1111', ctx);
    const c = await loginAsGuest('device-bbbb-2222', ctx);
    expect(a.is_new).toBe(true);
    expect(b.member_id).toBe(a.member_id);
    expect(b.is_new).toBe(false);
    expect(c.member_id).not.toBe(a.member_id);
  });

  it('one member per provider subject', async () => {
    const a = await loginWithIdentity('wechat', { subject: 'openid-1', nickname: '微信书友' }, ctx);
    const b = await loginWithIdentity('wechat', { subject: 'openid-1', nickname: '改名了' }, ctx);
    expect(b.member_id).toBe(a.member_id);
    const [m] = await db.handle().db.select().from(members).where(eq(members.id, a.member_id));
    expect(m!.nickname).toBe('微信书友');
  });
});

describe('binding a phone', () => {
  it('gives an unused phone to the guest account itself', async () => {
    const guest = await loginAsGuest('device-bind-0001', ctx);
    const result = await bindPhone(guest.member_id, '13600000011', await codeFor('13600000011'), ctx);
    expect(result).toEqual({ member_id: guest.member_id, merged: false });
    const [m] = await db.handle().db.select().from(members).where(eq(members.id, guest.member_id));
    expect(m).toMatchObject({ phone: '13600000011', isGuest: false });
  });

  it('merges a guest into the phone’s existing account: shelf, history, unlocks and money, nothing lost or doubled', async () => {
    const d = db.handle().db;
    const phone = '13600000022';
    const owner = await loginWithSms(phone, await codeFor(phone), ctx);
    const guest = await loginAsGuest('device-bind-0002', ctx);
    const t = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    // Both shelve novel 1; only the guest shelves novel 2.
    await d.insert(favorites).values([
      { memberId: owner.member_id, novelId: 1, readType: 1, updatedAt: t(100) },
      { memberId: guest.member_id, novelId: 1, readType: 1, updatedAt: t(10) },
      { memberId: guest.member_id, novelId: 2, readType: 1 },
    ]);
    // Novel 1: the guest read further more recently; novel 3: only the owner, and newer.
    await d.insert(readLogs).values([
      { memberId: owner.member_id, novelId: 1, articleId: 3, readType: 1, readAt: t(60) },
      { memberId: guest.member_id, novelId: 1, articleId: 9, readType: 1, readAt: t(5) },
      { memberId: guest.member_id, novelId: 3, articleId: 3201, readType: 1, readAt: t(90) },
      { memberId: owner.member_id, novelId: 3, articleId: 3205, readType: 1, readAt: t(1) },
    ]);
    await d.insert(chapterUnlocks).values([
      { memberId: owner.member_id, chapterId: 21, novelId: 1, price: 10 },
      { memberId: guest.member_id, chapterId: 21, novelId: 1, price: 10 },
      { memberId: guest.member_id, chapterId: 22, novelId: 1, price: 10 },
    ]);
    await fund(owner.member_id, 100, 20);
    await fund(guest.member_id, 50, 30);

    const result = await bindPhone(guest.member_id, phone, await codeFor(phone), ctx);
    expect(result).toMatchObject({ member_id: owner.member_id, merged: true });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const shelf = await d.select().from(favorites).where(eq(favorites.memberId, owner.member_id));
    expect(shelf.map((f) => f.novelId).sort()).toEqual([1, 2]);
    const logs = await d.select().from(readLogs).where(eq(readLogs.memberId, owner.member_id));
    expect(Object.fromEntries(logs.map((l) => [l.novelId, l.articleId]))).toEqual({ 1: 9, 3: 3205 });
    const unlocks = await d.select().from(chapterUnlocks).where(eq(chapterUnlocks.memberId, owner.member_id));
    expect(unlocks.map((u) => u.chapterId).sort()).toEqual([21, 22]);

    expect(await getBalance(owner.member_id)).toEqual({ welth: 150, welth_coupon: 50 });
    expect(await getBalance(guest.member_id)).toEqual({ welth: 0, welth_coupon: 0 });
    const lots = await d.select().from(voucherLots).where(eq(voucherLots.memberId, owner.member_id));
    expect(lots.reduce((s, l) => s + l.remaining, 0)).toBe(50);
    const sums = (await d.execute(sql`select currency, sum(amount)::int as total from ledger_entries group by currency`)).rows;
    expect(sums.every((r) => Number((r as { total: number }).total) === 0)).toBe(true);

    const leftovers = await d.select().from(favorites).where(eq(favorites.memberId, guest.member_id));
    expect(leftovers).toEqual([]);
    const [ghost] = await d.select().from(members).where(eq(members.id, guest.member_id));
    expect(ghost!.mergedIntoId).toBe(owner.member_id);
    expect(await findMemberByToken(guest.token)).toBeNull();
    // The guest's device signs in as the merged account no more: a new guest is created, the old one stays merged.
    const again = await loginAsGuest('device-bind-0002', ctx);
    expect(again.member_id).not.toBe(guest.member_id);
  });

  it('refuses a second phone on a bound account', async () => {
    const phone = '13600000033';
    const m = await loginWithSms(phone, await codeFor(phone), ctx);
    await expect(bindPhone(m.member_id, '13600000044', '123456', ctx)).rejects.toMatchObject({
      code: 40900,
      message: '当前账号已绑定手机号',
    });
  });
});

describe('minors (docs/accounts.md)', () => {
  it('lets adults and undeclared members pay, stops minors until a guardian consents', async () => {
    const d = db.handle().db;
    const [adult, minor, unknown] = await d
      .insert(members)
      .values([{ nickname: 'A' }, { nickname: 'M' }, { nickname: 'U' }])
      .returning();
    await declareBirthDate(adult!.id, '1990-05-01');
    const sixteen = new Date();
    sixteen.setFullYear(sixteen.getFullYear() - 16);
    await declareBirthDate(minor!.id, sixteen.toISOString().slice(0, 10));
    await expect(assertMayPay(adult!.id)).resolves.toBeUndefined();
    await expect(assertMayPay(unknown!.id)).resolves.toBeUndefined();
    await expect(assertMayPay(minor!.id)).rejects.toMatchObject({ code: 40300, message: '未满18周岁，付费操作需要监护人同意' });
    await recordGuardianConsent(minor!.id, { guardian_name: '王芳', guardian_phone: '13800000000', relation: 'mother' });
    await expect(assertMayPay(minor!.id)).resolves.toBeUndefined();
    await d
      .update(guardianConsents)
      .set({ revokedAt: new Date() })
      .where(and(eq(guardianConsents.memberId, minor!.id)));
    await expect(assertMayPay(minor!.id)).rejects.toMatchObject({ code: 40300 });
  });

  it('turns 18 on the birthday', async () => {
    const [m] = await db.handle().db.insert(members).values({ nickname: 'B' }).returning();
    await declareBirthDate(m!.id, '2008-11-22');
    await expect(assertMayPay(m!.id, db.handle().db, new Date('2026-11-21T12:00:00Z'))).rejects.toMatchObject({ code: 40300 });
    await expect(assertMayPay(m!.id, db.handle().db, new Date('2026-11-22T12:00:00Z'))).resolves.toBeUndefined();
  });
});
