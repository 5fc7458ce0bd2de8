// The members-and-money console's form posts through the real handlers (docs/wallet.md "Refunds", "Ledger audit",
// docs/members.md "Member page"): the good path, bad input, the role check, and the audit row of each.
import { NextRequest } from 'next/server';
import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { signedInMember } from './members';
import { getDb } from '@/lib/server/db/client';
import { findMemberByToken } from '@/lib/server/accounts/current-member';
import { ledgerAuditRuns, orderRefunds, orders, paymentExceptions, products, sessions, staffAuditLog } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { getBalance } from '@/lib/server/wallet/accounts';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { cancelOrder, createOrder } from '@/lib/server/wallet/orders';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { scheduledLedgerAudit } from '@/lib/server/wallet/audit-runs';
import { POST as ordersAction } from '@/app/admin/actions/orders/route';
import { POST as sessionsAction } from '@/app/admin/actions/member-sessions/route';
import { POST as auditAction } from '@/app/admin/actions/ledger-audit/route';

process.env.LOG_LEVEL = 'error';
const db = useTestDatabase({ seed: true });
let ipSeq = 0;
const tokens: Record<string, string> = {};
const staffIds: Record<string, number> = {};

beforeAll(async () => {
  for (const role of ['admin', 'finance', 'moderator', 'editor'] as const) {
    const username = `mm_${role}`;
    staffIds[role] = await createStaffFromCommand(getDb(), { username, role, password: `${username}-password` });
    tokens[role] = (await staffSignIn({ username, password: `${username}-password`, ip: `10.41.0.${++ipSeq}` })).session.token;
  }
});

type Handler = (req: NextRequest) => Promise<Response>;
const post = (handler: Handler, url: string, role: string, fields: Record<string, string>) =>
  handler(
    new NextRequest(`http://localhost${url}`, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `staff_token=${tokens[role]}`,
        ...peerHeaders(`10.42.0.${++ipSeq}`),
      },
    }),
  );
const flashOf = (res: Response) => {
  const location = new URL(res.headers.get('location')!);
  return { path: location.pathname, ok: location.searchParams.get('ok'), err: location.searchParams.get('err') };
};
const audits = (action: string, targetId?: number) =>
  db
    .handle()
    .db.select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, action), targetId === undefined ? undefined : eq(staffAuditLog.targetId, targetId)));

async function paidOrder(memberId: number, name: string) {
  const [product] = await db.handle().db.select().from(products).where(eq(products.name, name));
  const order = await createOrder(memberId, product!.id, {});
  await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price));
  return order;
}
const statusOf = async (id: number) => (await db.handle().db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

describe('POST /admin/actions/orders op=refund', () => {
  it('finance refunds a recharge with the override and a reason: order refunded, coins back, audited', async () => {
    const m = await signedInMember();
    const order = await paidOrder(m.id, '3000书币');
    const back = `/admin/orders/${order.id}`;
    const res = await post(ordersAction, '/admin/actions/orders', 'finance', {
      op: 'refund',
      id: String(order.id),
      reason: '家长申请',
      override: '1',
      back,
    });
    expect(flashOf(res)).toMatchObject({ path: back, ok: '已退款 30 元' });
    expect(await statusOf(order.id)).toBe('refunded');
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
    const [row] = await audits('order.refund', order.id);
    expect(row).toMatchObject({ staffId: staffIds.finance, targetType: 'order' });
    expect(row!.detail).toMatchObject({ before: { status: 'paid' }, after: { status: 'refunded' }, reason: '家长申请', override: true });
  });

  it('without the override, or without a reason, nothing is written and the flash says why', async () => {
    const m = await signedInMember();
    const order = await paidOrder(m.id, '600书币');
    const noOverride = await post(ordersAction, '/admin/actions/orders', 'admin', { op: 'refund', id: String(order.id), reason: '投诉' });
    expect(flashOf(noOverride).err).toMatch(/特批退款/);
    const noReason = await post(ordersAction, '/admin/actions/orders', 'admin', {
      op: 'refund',
      id: String(order.id),
      reason: ' ',
      override: '1',
    });
    expect(flashOf(noReason).err).toBe('请填写退款原因');
    const badId = await post(ordersAction, '/admin/actions/orders', 'admin', { op: 'refund', id: 'abc', reason: 'x', override: '1' });
    expect(flashOf(badId).err).toBe('编号无效');
    const missing = await post(ordersAction, '/admin/actions/orders', 'admin', { op: 'refund', id: '2000000000', reason: 'x' });
    expect(flashOf(missing).err).toBe('订单不存在');
    expect(await statusOf(order.id)).toBe('paid');
    expect(await audits('order.refund', order.id)).toHaveLength(0);
    expect((await getBalance(m.id)).welth).toBe(600);
  });

  it('a moderator or an editor cannot refund: refused to the dashboard, nothing written', async () => {
    const m = await signedInMember();
    const order = await paidOrder(m.id, '短剧VIP月卡');
    for (const role of ['moderator', 'editor']) {
      const res = await post(ordersAction, '/admin/actions/orders', role, { op: 'refund', id: String(order.id), reason: '投诉' });
      expect(flashOf(res)).toMatchObject({ path: '/admin', err: expect.stringMatching(/无权/) });
    }
    expect(await statusOf(order.id)).toBe('paid');
    expect(await db.handle().db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(0);
  });

  it('a double click refunds once: the second post says it is already refunded', async () => {
    const m = await signedInMember();
    const order = await paidOrder(m.id, '永久去广告');
    const fields = { op: 'refund', id: String(order.id), reason: '重复购买' };
    const [a, b] = await Promise.all([
      post(ordersAction, '/admin/actions/orders', 'finance', fields),
      post(ordersAction, '/admin/actions/orders', 'finance', fields),
    ]);
    const flashes = [flashOf(a), flashOf(b)];
    expect(flashes.filter((f) => f.ok === '已退款 9.9 元')).toHaveLength(1);
    expect(flashes.filter((f) => f.err === '该订单已退款')).toHaveLength(1);
    expect(await audits('order.refund', order.id)).toHaveLength(1);
  });
});

describe('POST /admin/actions/orders op=refund_handled (docs/payments.md "Refund outcomes")', () => {
  async function refundedWith(status: string | null) {
    const m = await signedInMember();
    const order = await paidOrder(m.id, '600书币');
    const refunded = await post(ordersAction, '/admin/actions/orders', 'finance', {
      op: 'refund',
      id: String(order.id),
      reason: '投诉',
      override: '1',
    });
    expect(flashOf(refunded).ok).toBe('已退款 6 元');
    await db.handle().db.update(orderRefunds).set({ providerRefundStatus: status }).where(eq(orderRefunds.orderId, order.id));
    return order.id;
  }
  const providerStatus = async (orderId: number) =>
    (await db.handle().db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)))[0]!.providerRefundStatus;

  it('finance records a failed refund returned by hand: handled, audited with the note, no money moves; once', async () => {
    const id = await refundedWith('failed');
    const fields = { op: 'refund_handled', id: String(id), note: '已在商户后台退回', back: `/admin/orders/${id}` };
    expect(flashOf(await post(ordersAction, '/admin/actions/orders', 'finance', fields))).toMatchObject({ ok: '已标记为人工处理完毕' });
    expect(await providerStatus(id)).toBe('handled');
    const [row] = await audits('order.refund_handled', id);
    expect(row!.detail).toMatchObject({
      note: '已在商户后台退回',
      before: { provider_refund_status: 'failed' },
      after: { provider_refund_status: 'handled' },
    });
    expect(flashOf(await post(ordersAction, '/admin/actions/orders', 'finance', fields)).err).toBe(
      '只有渠道退款失败的记录可以标记为已人工处理',
    );
    expect(await audits('order.refund_handled', id)).toHaveLength(1);
  });

  it('refused with nothing written: no note, a refund not failed, an order without one, a moderator', async () => {
    const failed = await refundedWith('failed');
    const noNote = await post(ordersAction, '/admin/actions/orders', 'admin', { op: 'refund_handled', id: String(failed), note: ' ' });
    expect(flashOf(noNote).err).toBe('请填写处理说明');
    const moderator = await post(ordersAction, '/admin/actions/orders', 'moderator', {
      op: 'refund_handled',
      id: String(failed),
      note: '说明',
    });
    expect(flashOf(moderator)).toMatchObject({ path: '/admin', err: expect.stringMatching(/无权/) });
    for (const status of ['pending', 'settled', null]) {
      const id = await refundedWith(status);
      const res = await post(ordersAction, '/admin/actions/orders', 'admin', { op: 'refund_handled', id: String(id), note: '说明' });
      expect(flashOf(res).err).toBe('只有渠道退款失败的记录可以标记为已人工处理');
      expect(await providerStatus(id)).toBe(status);
    }
    const m = await signedInMember();
    const unrefunded = await paidOrder(m.id, '600书币');
    const none = await post(ordersAction, '/admin/actions/orders', 'admin', {
      op: 'refund_handled',
      id: String(unrefunded.id),
      note: '说明',
    });
    expect(flashOf(none).err).toBe('只有渠道退款失败的记录可以标记为已人工处理');
    expect(await providerStatus(failed)).toBe('failed');
    expect(await audits('order.refund_handled', failed)).toHaveLength(0);
  });
});

describe('POST /admin/actions/orders op=exception_refund', () => {
  it('returns a payment that arrived after cancel; a moderator is refused; twice is refused', async () => {
    const m = await signedInMember();
    const [product] = await db.handle().db.select().from(products).where(eq(products.name, '600书币'));
    const order = await createOrder(m.id, product!.id, {});
    await cancelOrder(order.id, m.id);
    await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price));
    const [exception] = await db.handle().db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, order.id));
    const fields = { op: 'exception_refund', id: String(exception!.id), back: '/admin/orders' };
    expect(flashOf(await post(ordersAction, '/admin/actions/orders', 'moderator', fields)).err).toMatch(/无权/);
    expect(flashOf(await post(ordersAction, '/admin/actions/orders', 'finance', fields))).toMatchObject({
      path: '/admin/orders',
      ok: '已退回该笔款项',
    });
    expect(flashOf(await post(ordersAction, '/admin/actions/orders', 'finance', fields)).err).toBe('该笔款项已退回');
    expect(await audits('order.exception_refund', order.id)).toHaveLength(1);
  });
});

describe('POST /admin/actions/member-sessions', () => {
  it("an admin signs one of a member's sessions out; the token stops working; audited with before and after", async () => {
    const m = await signedInMember();
    const [s] = await db.handle().db.select().from(sessions).where(eq(sessions.memberId, m.id));
    const back = `/admin/members/${m.id}`;
    const res = await post(sessionsAction, '/admin/actions/member-sessions', 'admin', {
      member: String(m.id),
      session: String(s!.id),
      back,
    });
    expect(flashOf(res)).toMatchObject({ path: back, ok: '已下线该会话' });
    const [after] = await db.handle().db.select().from(sessions).where(eq(sessions.id, s!.id));
    expect(after!.revokedAt).not.toBeNull();
    expect(await findMemberByToken(m.token)).toBeNull();
    const [row] = await audits('member.session_revoke', m.id);
    expect(row!.detail).toMatchObject({ session_id: s!.id, before: { revoked_at: null }, after: { revoked_at: expect.any(String) } });
    // Again: the session is no longer live.
    const again = await post(sessionsAction, '/admin/actions/member-sessions', 'admin', { member: String(m.id), session: String(s!.id) });
    expect(flashOf(again).err).toBe('会话不存在或已失效');
  });

  it("a forged pair (someone else's session) is refused; finance and editors may not revoke", async () => {
    const victim = await signedInMember();
    const other = await signedInMember();
    const [s] = await db.handle().db.select().from(sessions).where(eq(sessions.memberId, victim.id));
    const forged = await post(sessionsAction, '/admin/actions/member-sessions', 'admin', {
      member: String(other.id),
      session: String(s!.id),
    });
    expect(flashOf(forged).err).toBe('会话不存在或已失效');
    for (const role of ['finance', 'editor']) {
      const res = await post(sessionsAction, '/admin/actions/member-sessions', role, { member: String(victim.id), session: String(s!.id) });
      expect(flashOf(res).err).toMatch(/无权/);
    }
    const [still] = await db.handle().db.select().from(sessions).where(eq(sessions.id, s!.id));
    expect(still!.revokedAt).toBeNull();
    expect(await findMemberByToken(victim.token)).toMatchObject({ id: victim.id });
    expect(await audits('member.session_revoke', victim.id)).toHaveLength(0);
  });
});

describe('POST /admin/actions/ledger-audit and the scheduled audit', () => {
  it('finance runs the audit: the result is stored, shown in the flash and audited; a moderator is refused', async () => {
    const before = (await db.handle().db.select().from(ledgerAuditRuns)).length;
    const refused = await post(auditAction, '/admin/actions/ledger-audit', 'moderator', { back: '/admin/orders' });
    expect(flashOf(refused).err).toMatch(/无权/);
    expect(await db.handle().db.select().from(ledgerAuditRuns)).toHaveLength(before);
    const res = await post(auditAction, '/admin/actions/ledger-audit', 'finance', { back: '/admin/orders' });
    expect(flashOf(res)).toMatchObject({ path: '/admin/orders', ok: '账本核对通过' });
    const runs = await db.handle().db.select().from(ledgerAuditRuns).where(eq(ledgerAuditRuns.trigger, 'staff'));
    expect(runs.at(-1)).toMatchObject({ staffId: staffIds.finance, violations: 0 });
    const [row] = await audits('ledger.audit_run', runs.at(-1)!.id);
    expect(row!.detail).toMatchObject({ violations: 0 });
  });

  it('the scheduled run stores its result, and counts what is wrong', async () => {
    const m = await signedInMember();
    const order = await paidOrder(m.id, '600书币');
    // Corrupt one order on purpose: marked refunded with no refund behind it.
    await db.handle().db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, order.id));
    const run = await scheduledLedgerAudit();
    expect(run.trigger).toBe('scheduled');
    expect(run.violations).toBeGreaterThan(0);
    expect(run.sample.map((v) => v.check)).toContain('refund_mismatch');
    await db.handle().db.update(orders).set({ status: 'paid' }).where(eq(orders.id, order.id));
    expect((await scheduledLedgerAudit()).violations).toBe(0);
  });
});
