// The members-and-money console pages rendered on the server (docs/wallet.md "Refunds", docs/members.md "Member
// page", docs/dashboard.md): who sees what, masked phones and the audited full number, figures against known facts.
import { renderToStaticMarkup } from 'react-dom/server';
import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { getDb, type Tx } from '@/lib/server/db/client';
import { activityDays, chapters, guardianConsents, members, novels, orderRefunds, products, staffAuditLog } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { can } from '@/lib/server/core/roles';
import { revealPhone } from '@/lib/server/members/member-detail';
import { dailyFigures } from '@/lib/server/staff/dashboard';
import { businessDayOf } from '@/lib/shared/business-time';
import { credit } from '@/lib/server/wallet/credit';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { createOrder } from '@/lib/server/wallet/orders';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { refundOrder } from '@/lib/server/wallet/refunds';
import OrdersPage from '@/app/admin/orders/page';
import OrderPage from '@/app/admin/orders/[id]/page';
import MemberPage from '@/app/admin/members/[uid]/page';
import DashboardPage from '@/app/admin/page';

process.env.LOG_LEVEL = 'error';
const staffIds: Record<string, number> = {};
let role = 'finance';
const asked: string[] = [];
jest.mock('@/lib/server/staff/page-session', () => ({
  requireStaff: async (permission: Parameters<typeof can>[1] = 'dashboard') => {
    asked.push(permission);
    if (!can(role, permission)) throw new Error(`redirect: ${role} lacks ${permission}`);
    return {
      id: staffIds[role],
      username: role,
      displayName: `${role}-name`,
      role,
      actor: { id: staffIds[role]!, role, ip: '10.50.0.1' },
      can: (p: Parameters<typeof can>[1]) => can(role, p),
    };
  },
}));

const db = useTestDatabase({ seed: true });
const html = async (el: Promise<React.ReactElement>) => renderToStaticMarkup(await el).replace(/<!-- -->/g, '');
const q = (query: Record<string, string> = {}) => Promise.resolve(query);

let memberId = 0;
let orderId = 0;
const PHONE = '13812345678';

beforeAll(async () => {
  for (const r of ['admin', 'finance', 'moderator', 'editor']) {
    staffIds[r] = await createStaffFromCommand(getDb(), { username: `pg_${r}`, role: r as 'admin', password: `${r}-password-12` });
  }
  const m = await signedInMember({ phone: PHONE, nickname: '读者甲' });
  memberId = m.id;
  await getDb().update(members).set({ birthDate: '2012-05-01' }).where(eq(members.id, memberId));
  await getDb().insert(guardianConsents).values({ memberId, guardianName: '王母', guardianPhone: '13900000000', relation: '母亲' });
  const [pack] = await db.handle().db.select().from(products).where(eq(products.name, '600书币'));
  const order = await createOrder(memberId, pack!.id, {});
  await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price));
  orderId = order.id;
});

describe('/admin/orders', () => {
  it('finance finds the member’s paid order by member id and status; moderators and editors are turned away', async () => {
    role = 'finance';
    const page = await html(OrdersPage({ searchParams: q({ member: String(memberId), status: 'paid' }) }));
    expect(asked.at(-1)).toBe('orders');
    expect(page).toContain(`<a href="/admin/orders/${orderId}">#${orderId}</a>`);
    expect(page).toMatch(
      new RegExp(`data-testid="order-${orderId}">.*600书币</td><td>6</td><td></td><td>沙箱支付（测试）</td><td>已支付</td>`),
    );
    expect(page).toContain('<a href="/admin/orders" aria-current="page">订单</a>');
    const none = await html(OrdersPage({ searchParams: q({ member: String(memberId), status: 'refunded' }) }));
    expect(none).toContain('没有符合条件的订单');
    for (const r of ['moderator', 'editor']) {
      role = r;
      await expect(OrdersPage({ searchParams: q() })).rejects.toThrow(/lacks orders/);
    }
  });

  it('the order page shows the notification received and a refund form with the override box', async () => {
    role = 'finance';
    const page = await html(OrderPage({ params: Promise.resolve({ id: String(orderId) }), searchParams: q() }));
    expect(page).toContain('data-testid="order-notifications"');
    expect(page).toMatch(/sandbox:[0-9a-f]{24}<\/td><td>6<\/td>/);
    expect(page).toContain('name="override" value="1"');
    expect(page).toContain('138****5678');
    expect(page).not.toContain(PHONE);
    expect(await html(OrderPage({ params: Promise.resolve({ id: '99999999' }), searchParams: q() }))).toContain('订单不存在');
    expect(await html(OrderPage({ params: Promise.resolve({ id: '../1' }), searchParams: q() }))).toContain('订单不存在');
  });
});

describe('refund outcomes in the console (docs/payments.md "Refund outcomes")', () => {
  it('the provider’s word on a refund is labelled on the order and open ones are listed, failed first; the sandbox has none', async () => {
    role = 'finance';
    const [pack] = await db.handle().db.select().from(products).where(eq(products.name, '600书币'));
    const refunded = async () => {
      const m = await signedInMember();
      const order = await createOrder(m.id, pack!.id, {});
      await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price));
      await refundOrder({ id: staffIds.finance!, role: 'finance', ip: '10.50.0.1' }, { orderId: order.id, reason: '测试', override: true });
      return order.id;
    };
    const [failed, pending] = [await refunded(), await refunded()];
    const orderPage = (id: number) => html(OrderPage({ params: Promise.resolve({ id: String(id) }), searchParams: q() }));
    expect(await orderPage(failed)).not.toContain('渠道退款状态');
    expect(await html(OrdersPage({ searchParams: q() }))).toContain('没有待确认的渠道退款');

    const set = (orderId: number, status: string) =>
      db
        .handle()
        .db.update(orderRefunds)
        .set({ providerRefundStatus: status, providerRefundAt: new Date() })
        .where(eq(orderRefunds.orderId, orderId));
    await set(pending, 'pending');
    await set(failed, 'failed');
    expect(await orderPage(failed)).toContain('渠道退款状态：<strong data-testid="provider-refund-status">退款失败，请人工处理</strong>');
    expect(await orderPage(pending)).toContain('<strong data-testid="provider-refund-status">退款处理中</strong>');
    const list = await html(OrdersPage({ searchParams: q() }));
    const failedAt = list.indexOf(`data-testid="provider-refund-${failed}"`);
    const pendingAt = list.indexOf(`data-testid="provider-refund-${pending}"`);
    expect(failedAt).toBeGreaterThan(0);
    expect(pendingAt).toBeGreaterThan(failedAt);
    expect(list.slice(failedAt, pendingAt)).toContain('退款失败，请人工处理');
    await set(failed, 'settled');
    expect(await orderPage(failed)).toContain('<strong data-testid="provider-refund-status">已退款到账</strong>');
    expect(await html(OrdersPage({ searchParams: q() }))).not.toContain(`data-testid="provider-refund-${failed}"`);
  });
});

describe('/admin/members/{uid}', () => {
  it('finance and moderators see the masked phone, wallet, orders, minor status and sessions', async () => {
    for (const r of ['finance', 'moderator']) {
      role = r;
      const page = await html(MemberPage({ params: Promise.resolve({ uid: String(memberId) }), searchParams: q({ phone: '1' }) }));
      expect(page).toContain('手机号：138****5678');
      expect(page).not.toContain(PHONE);
      expect(page).not.toContain('查看完整号码');
      expect(page).toMatch(/data-testid="member-coins">书币<b>600<\/b>/);
      expect(page).toContain('未成年人');
      expect(page).toContain('母亲 王母');
      expect(page).toContain('data-testid="member-sessions"');
    }
    // Only moderators may revoke sessions (members permission); finance sees the state.
    expect(await html(MemberPage({ params: Promise.resolve({ uid: String(memberId) }), searchParams: q() }))).toContain(
      'action="/admin/actions/member-sessions"',
    );
    const audits = await db.handle().db.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'member.phone_view'));
    expect(audits).toHaveLength(0);
  });

  it('an editor cannot open the page nor read a phone number', async () => {
    role = 'editor';
    await expect(MemberPage({ params: Promise.resolve({ uid: String(memberId) }), searchParams: q() })).rejects.toThrow(
      /lacks members:view/,
    );
    await expect(revealPhone({ id: staffIds.editor!, role: 'editor', ip: '' }, memberId)).rejects.toMatchObject({ status: 403 });
    expect(can('editor', 'members:phone')).toBe(false);
    expect(can('finance', 'members:phone')).toBe(false);
    expect(can('moderator', 'members:phone')).toBe(false);
  });

  it('an admin sees the whole number only on asking, and each look is audited', async () => {
    role = 'admin';
    const plain = await html(MemberPage({ params: Promise.resolve({ uid: String(memberId) }), searchParams: q() }));
    expect(plain).toContain('手机号：138****5678');
    expect(plain).toContain('查看完整号码');
    const shown = await html(MemberPage({ params: Promise.resolve({ uid: String(memberId) }), searchParams: q({ phone: '1' }) }));
    expect(shown).toContain(`手机号：${PHONE}`);
    const audits = await db
      .handle()
      .db.select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'member.phone_view'), eq(staffAuditLog.targetId, memberId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.staffId).toBe(staffIds.admin);
  });
});

describe('/admin dashboard', () => {
  it("today's figures match the facts written today; finance sees money, a moderator does not", async () => {
    const d = getDb();
    const before = (await dailyFigures({ id: staffIds.admin!, role: 'admin', ip: '' })).at(-1)!;
    // Facts of today: a new registered member who pays 30 yuan and buys one chapter; 150 listening seconds; a guest.
    const payer = await signedInMember({ phone: '13700000001' });
    await signedInMember({ isGuest: true, deviceId: 'dash-guest' });
    const [pack] = await db.handle().db.select().from(products).where(eq(products.name, '3000书币'));
    const order = await createOrder(payer.id, pack!.id, {});
    await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price));
    const [chapter] = await d
      .select({ id: chapters.id, novelId: chapters.novelId, price: chapters.price })
      .from(chapters)
      .innerJoin(novels, eq(novels.id, chapters.novelId))
      .where(and(eq(chapters.isFree, false), eq(novels.saleMode, 'chapter'), eq(novels.isOffShelf, false)))
      .limit(1);
    await buyChapter(payer.id, chapter!.novelId, chapter!.id);
    await d.insert(activityDays).values({ memberId: payer.id, day: businessDayOf(new Date()), listenSeconds: 150 });
    await d.transaction((tx) => credit(tx as unknown as Tx, payer.id, { kind: 'test_grant', source: 'bonus', welth: 1 }));

    const today = (await dailyFigures({ id: staffIds.finance!, role: 'finance', ip: '' })).at(-1)!;
    expect(today.day).toBe(businessDayOf(new Date()));
    expect(today.newMembers - before.newMembers).toBe(1);
    expect(today.payingMembers! - before.payingMembers!).toBe(1);
    expect(today.paidCents! - before.paidCents!).toBe(3000);
    expect(today.chapterSales! - before.chapterSales!).toBe(1);
    expect(today.chapterCoins! - before.chapterCoins!).toBe(chapter!.price);
    expect(today.listenMinutes - before.listenMinutes).toBe(3);
    // A refund later does not rewrite the day's takings: it counts on its own day, and the net drops by it.
    await refundOrder({ id: staffIds.finance!, role: 'finance', ip: '' }, { orderId: orderId, reason: '测试', override: true });
    const after = (await dailyFigures({ id: staffIds.finance!, role: 'finance', ip: '' })).at(-1)!;
    expect(after.paidCents).toBe(today.paidCents);
    expect(after.refundCents! - today.refundCents!).toBe(600);
    expect(after.netCents).toBe(today.netCents! - 600);

    role = 'finance';
    const page = await html(DashboardPage({ searchParams: q() }));
    expect(page.match(/<figure class="chart"/g)).toHaveLength(5);
    expect(page).toContain('<svg viewBox="0 0 320 120" role="img"');
    expect(page).toContain('<th>支付金额（元，含日后退款的订单）</th><th>退款（元，按发起日）</th><th>净收款（元）</th>');
    expect(page).toMatch(new RegExp(`data-testid="day-${today.day}"><td>${today.day}</td><td>${today.newMembers}</td>`));
    role = 'moderator';
    const mod = await html(DashboardPage({ searchParams: q() }));
    expect(mod.match(/<figure class="chart"/g)).toHaveLength(2);
    expect(mod).not.toContain('支付金额');
    expect((await dailyFigures({ id: staffIds.moderator!, role: 'moderator', ip: '' })).at(-1)).toMatchObject({
      paidCents: null,
      payingMembers: null,
      refundCents: null,
      netCents: null,
    });
  });
});
