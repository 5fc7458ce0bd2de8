// Account cancellation end to end at the service level (docs/account-cancellation.md): the cooling-off, withdrawal
// by signing in, the job's completion on a fixed clock, what is erased and kept, the ledger audit after, comments
// under 已注销用户, the phone registering anew, and the data export's content and scope.
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { useTestDatabase } from './db';
import { accountBalance } from './balances';
import type { Tx } from '@/lib/server/db/client';
import {
  accountCancellations,
  chapterUnlocks,
  comments,
  dataExports,
  favorites,
  ledgerTransactions,
  members,
  messages,
  oauthIdentities,
  orders,
  products,
  readLogs,
  sessions,
  staffAuditLog,
  voucherLots,
} from '@/lib/server/db/schema';
import { loginWithIdentity, loginWithSms } from '@/lib/server/accounts/login';
import { sendLoginCode } from '@/lib/server/accounts/sms/codes';
import { readDevInbox } from '@/lib/server/accounts/sms/provider';
import {
  cancellationState,
  completeDueCancellations,
  COOLING_OFF_DAYS,
  requestCancellation,
  sendCancellationCode,
} from '@/lib/server/accounts/cancellation';
import { buildExportFile, requestExport, runExportJobs } from '@/lib/server/accounts/data-export';
import { commentFor } from '@/lib/server/social/comments';
import { auditLedger } from '@/lib/server/wallet/audit';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { createOrder } from '@/lib/server/wallet/orders';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';

process.env.SMS_DEV_INBOX = '1';
process.env.LOG_LEVEL = 'error';
const db = useTestDatabase({ seed: true });
const DAY = 86_400_000;
let minute = 0;
/** The template versions every test database starts with (docs/agreements.md), agreed at each sign-in. */
const AGREED = { agreed: { user: 1, privacy: 1 } };

/** Each SMS send a few minutes after the last, so the per-minute limit never bites. */
const nextSend = () => new Date(Date.now() + (minute += 3) * 60_000);

/** Signs a phone in through a real code. */
async function signIn(phone: string) {
  await sendLoginCode(phone, null, undefined, nextSend());
  return loginWithSms(phone, readDevInbox(phone)!.code, AGREED);
}

/** A member with a phone, a paid recharge, vouchers, two unlocked chapters, a shelf entry, a read log, a comment. */
async function richMember(phone: string) {
  const d = db.handle().db;
  const { member_id: id } = await signIn(phone);
  const [pack] = await d.select().from(products).where(eq(products.name, '5000书币'));
  const order = await createOrder(id, pack!.id, {});
  await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price));
  await d.transaction((tx) => credit(tx as unknown as Tx, id, { kind: 'test_grant', source: 'bonus', welthCoupon: 30 }));
  for (const aid of [21, 22]) await buyChapter(id, 1, aid);
  await d.insert(favorites).values({ memberId: id, novelId: 1, readType: 1 });
  await d.insert(readLogs).values({ memberId: id, novelId: 1, articleId: 21, readType: 1 });
  await d.insert(messages).values({ memberId: id, kind: 'system', title: '欢迎', body: '欢迎来到书声' });
  const [comment] = await d
    .insert(comments)
    .values({ novelId: 1, memberId: id, type: 1, content: `好看 ${phone}`, status: 'normal' })
    .returning();
  return { id, order, commentId: comment!.id };
}

async function cancel(memberId: number, phone: string, now = new Date()) {
  await sendCancellationCode(memberId, null, nextSend());
  return requestCancellation(memberId, readDevInbox(phone)!.code, { ip: '10.0.0.1' }, now);
}

describe('cancellation', () => {
  it('refuses without the right SMS code, and writes nothing', async () => {
    const { member_id: id } = await signIn('13600000001');
    await expect(requestCancellation(id, '000000', {})).rejects.toMatchObject({ code: 40000 });
    expect(await cancellationState(id)).toBeNull();
    const live = await db.handle().db.select().from(sessions).where(eq(sessions.memberId, id));
    expect(live.every((s) => s.revokedAt === null)).toBe(true);
  });

  it('a member without a phone is told to bind one first', async () => {
    const d = db.handle().db;
    const [guest] = await d.insert(members).values({ isGuest: true, deviceId: 'guest-cancel-1' }).returning();
    await expect(sendCancellationCode(guest!.id, null)).rejects.toMatchObject({ code: 40000, message: '请先绑定手机号' });
  });

  it('starts a 15-day cooling-off, signs every session out, audits; signing in again withdraws it and says so', async () => {
    const phone = '13600000002';
    const { member_id: id } = await signIn(phone);
    const now = new Date();
    const state = await cancel(id, phone, now);
    expect(state).toMatchObject({ status: 'pending' });
    expect(new Date(state.due_at).getTime() - now.getTime()).toBe(COOLING_OFF_DAYS * DAY);
    const live = await db.handle().db.select().from(sessions).where(eq(sessions.memberId, id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    // A second request while pending is refused.
    await expect(sendCancellationCode(id, null)).rejects.toMatchObject({ code: 40900 });

    const back = await signIn(phone);
    expect(back).toMatchObject({ member_id: id, is_new: false, cancellation_withdrawn: true });
    expect(await cancellationState(id)).toMatchObject({ status: 'withdrawn' });
    // The next sign-in has nothing to withdraw.
    expect((await signIn(phone)).cancellation_withdrawn).toBeUndefined();
    // Even past the due date, the job finds nothing to complete for this member.
    await completeDueCancellations(new Date(now.getTime() + 16 * DAY));
    const [row] = await db.handle().db.select().from(members).where(eq(members.id, id));
    expect(row).toMatchObject({ phone, cancelledAt: null });
    const audit = await db
      .handle()
      .db.select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'member'), eq(staffAuditLog.targetId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['member.cancel_request', 'member.cancel_withdrawn']);
  });

  it('a third-party sign-in withdraws it too', async () => {
    const d = db.handle().db;
    const phone = '13600000003';
    const { member_id: id } = await signIn(phone);
    await d.insert(oauthIdentities).values({ provider: 'local', subject: 'cancel-oauth-1', memberId: id });
    await cancel(id, phone);
    const back = await loginWithIdentity('local', { subject: 'cancel-oauth-1' }, AGREED);
    expect(back).toMatchObject({ member_id: id, cancellation_withdrawn: true });
  });

  it('the job completes it after 15 days: wallet forfeited through the ledger, personal data gone, audit clean', async () => {
    const d = db.handle().db;
    const phone = '13600000004';
    const other = await richMember('13600000014');
    const { id, order, commentId } = await richMember(phone);
    await d.insert(oauthIdentities).values({ provider: 'local', subject: 'cancel-oauth-2', memberId: id });
    const coinsBefore = await accountBalance(d, id, 'welth');
    const vouchersBefore = await accountBalance(d, id, 'welth_coupon');
    expect(coinsBefore).toBeGreaterThan(0);
    const t0 = new Date();
    await cancel(id, phone, t0);

    // One day short of the end: nothing happens.
    expect(await completeDueCancellations(new Date(t0.getTime() + (COOLING_OFF_DAYS - 1) * DAY))).toBe(0);
    expect((await d.select().from(members).where(eq(members.id, id)))[0]!.cancelledAt).toBeNull();

    const due = new Date(t0.getTime() + COOLING_OFF_DAYS * DAY + 60_000);
    expect(await completeDueCancellations(due)).toBe(1);
    // A second pass (another server's tick) finds nothing more.
    expect(await completeDueCancellations(due)).toBe(0);
    expect(await cancellationState(id)).toMatchObject({ status: 'completed' });

    const [row] = await d.select().from(members).where(eq(members.id, id));
    expect(row).toMatchObject({ phone: null, nickname: '已注销用户', avatar: null, deviceId: null, birthDate: null });
    expect(row!.cancelledAt?.getTime()).toBe(due.getTime());
    for (const table of [sessions, favorites, readLogs, messages, oauthIdentities] as const)
      expect(await d.select().from(table).where(eq(table.memberId, id))).toEqual([]);

    // Money: balances gone by forfeit movements; orders, unlocks and the ledger keep their rows under the same id.
    expect(await accountBalance(d, id, 'welth')).toBe(0);
    expect(await accountBalance(d, id, 'welth_coupon')).toBe(0);
    const forfeits = await d
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.memberId, id), eq(ledgerTransactions.kind, 'cancel_forfeit')));
    expect(forfeits.length).toBe(vouchersBefore > 0 ? 2 : 1);
    expect((await d.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ memberId: id, status: 'paid' });
    expect((await d.select().from(chapterUnlocks).where(eq(chapterUnlocks.memberId, id))).length).toBe(2);
    expect((await d.select().from(voucherLots).where(eq(voucherLots.memberId, id))).every((l) => l.remaining === 0)).toBe(true);
    expect(await auditLedger(d)).toEqual([]);

    // The comment stays, shown under 已注销用户 with the default avatar.
    const comment = await commentFor(null, commentId);
    expect(comment).toMatchObject({ content: `好看 ${phone}`, nickname: '已注销用户', headimgurl: '/avatars/default.svg' });
    // The other member is untouched.
    expect((await d.select().from(members).where(eq(members.id, other.id)))[0]!.phone).toBe('13600000014');

    // The phone registers anew as a new member with an empty wallet; the third-party id also starts afresh.
    const again = await signIn(phone);
    expect(again.is_new).toBe(true);
    expect(again.member_id).not.toBe(id);
    expect(await accountBalance(d, again.member_id, 'welth')).toBe(0);
    const oauth = await loginWithIdentity('local', { subject: 'cancel-oauth-2' }, AGREED);
    expect(oauth.is_new).toBe(true);
    expect(oauth.member_id).not.toBe(id);

    const audit = await d
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'member.cancel_completed'), eq(staffAuditLog.targetId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ forfeited: { welth: coinsBefore } });
  });
});

describe('data export', () => {
  it('holds the member own orders and ledger movements, and nothing of another member', async () => {
    const mine = await richMember('13600000005');
    const theirs = await richMember('13600000006');
    const zip = unzipSync(await buildExportFile(mine.id));
    expect(Object.keys(zip).sort()).toEqual(
      ['agreement_consents', 'comments', 'guardian_consents', 'history', 'ledger', 'manifest', 'orders', 'profile', 'shelf', 'unlocks'].map(
        (n) => `${n}.json`,
      ),
    );
    const read = (name: string) => JSON.parse(strFromU8(zip[`${name}.json`]!)) as Record<string, unknown>[];
    expect(read('profile')[0]).toMatchObject({ member_id: mine.id, phone: '13600000005' });
    expect(read('orders').map((o) => o.order_id)).toEqual([mine.order.id]);
    const ledger = read('ledger');
    expect(ledger.map((l) => l.kind)).toEqual(expect.arrayContaining(['recharge', 'chapter_purchase']));
    expect(read('unlocks')).toHaveLength(2);
    expect(read('comments').map((c) => c.comment_id)).toEqual([mine.commentId]);
    // What they agreed to at sign-in: both documents, through the SMS door.
    expect(
      read('agreement_consents')
        .map((c) => `${c.kind}:${c.channel}`)
        .sort(),
    ).toEqual(['privacy:sms', 'user:sms']);
    // Nothing of the other member anywhere in the file: their phone, their order, their comment.
    const whole = Object.values(zip)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(whole).not.toContain('13600000006');
    expect(whole).not.toContain(`好看 13600000006`);
    expect(read('orders').some((o) => o.order_id === theirs.order.id)).toBe(false);
  });

  it('is made by the job, kept 7 days, and one request a day', async () => {
    const { member_id: id } = await signIn('13600000007');
    const t0 = new Date();
    await requestExport(id, {}, t0);
    await expect(requestExport(id, {}, new Date(t0.getTime() + 3600_000))).rejects.toMatchObject({ code: 42900 });
    expect((await runExportJobs(t0)).made).toBeGreaterThanOrEqual(1);
    const [row] = await db.handle().db.select().from(dataExports).where(eq(dataExports.memberId, id));
    expect(row).toMatchObject({ status: 'ready' });
    expect(row!.expiresAt!.getTime() - t0.getTime()).toBe(7 * DAY);
    await expect(requestExport(id, {}, new Date(t0.getTime() + 23 * 3600_000))).rejects.toMatchObject({ code: 42900 });
    await runExportJobs(new Date(t0.getTime() + 7 * DAY));
    const [gone] = await db.handle().db.select().from(dataExports).where(eq(dataExports.memberId, id));
    expect(gone).toMatchObject({ status: 'expired', file: null });
    await expect(requestExport(id, {}, new Date(t0.getTime() + DAY + 1))).resolves.toMatchObject({ status: 'pending' });
  });
});

it('a pending request cannot be written twice for one member (the index holds against a race)', async () => {
  const d = db.handle().db;
  const { member_id: id } = await signIn('13600000008');
  await d.insert(accountCancellations).values({ memberId: id, dueAt: new Date(Date.now() + DAY) });
  await expect(d.insert(accountCancellations).values({ memberId: id, dueAt: new Date(Date.now() + DAY) })).rejects.toThrow();
});
