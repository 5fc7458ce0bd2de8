// The money report (docs/console.md "Money report"): a scripted month of orders through three providers — a coupon,
// payments either side of the month's Shanghai midnights, refunds that end done, pending, failed and handled by hand, a
// payment for a cancelled order returned, chapter purchases, vouchers — and the page's figures against sums the test
// computes itself from the orders, refunds and ledger rows; each figure's link lists orders that add up to it; the CSV;
// the dashboard's refund and net columns; bad input and the roles that may not see it.
import { renderToStaticMarkup } from 'react-dom/server';
import { NextRequest } from 'next/server';
import { and, eq, gt, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { getDb, type Tx } from '@/lib/server/db/client';
import { createStaffSession } from '@/lib/server/staff/sessions';
import {
  chapters,
  ledgerEntries,
  ledgerTransactions,
  memberCoupons,
  novels,
  orderRefunds,
  orders,
  paymentExceptions,
  products,
  staffAuditLog,
  walletAccounts,
} from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import type { StaffActor } from '@/lib/server/core/actor';
import { dailyFigures } from '@/lib/server/staff/dashboard';
import { financeMonth } from '@/lib/server/staff/finance';
import { moneyReport, reportPeriod } from '@/lib/server/staff/money-report';
import { can } from '@/lib/server/core/roles';
import { auditLedger } from '@/lib/server/wallet/audit';
import { businessDayOf, businessPeriod, businessMonthOf } from '@/lib/shared/business-time';
import { grantSignupCoupons } from '@/lib/server/wallet/coupons';
import { credit } from '@/lib/server/wallet/credit';
import { creditProviderPayment } from '@/lib/server/wallet/notifications';
import { cancelOrder, createOrder } from '@/lib/server/wallet/orders';
import { applyRefundNotice } from '@/lib/server/wallet/payments/refund-notice';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { markRefundHandled } from '@/lib/server/wallet/refund-handled';
import { refundOrder, refundPaymentException } from '@/lib/server/wallet/refunds';
import MoneyPage from '@/app/admin/finance/money/page';
import { GET as moneyCsv, POST as moneyCsvPost } from '@/app/admin/finance/money/csv/route';
import OrdersPage from '@/app/admin/orders/page';
import DashboardPage from '@/app/admin/page';

process.env.LOG_LEVEL = 'error';

// WeChat Pay and Alipay as the refunds meet them: each accepts a refund and says the money is on its way (pending);
// what became of it then comes through the same notice path a real provider's notification takes.
jest.mock('@/lib/server/wallet/payments/real', () => {
  const unused = () => Promise.reject(new Error('not used in this test'));
  const fake = (name: 'wechat' | 'alipay') => ({
    name,
    label: name,
    configured: () => false,
    offeredIn: () => false,
    start: unused,
    parseNotify: unused,
    reply: () => ({ status: 200, contentType: 'text/plain', body: 'success' }),
    query: unused,
    close: unused,
    refund: async (orderId: number) => ({ ref: `${name}-refund-${orderId}`, settled: false }),
    bill: unused,
  });
  return { REAL_PROVIDERS: [fake('wechat'), fake('alipay')] };
});

const staffIds: Record<string, number> = {};
let role = 'finance';
jest.mock('@/lib/server/staff/page-session', () => ({
  requireStaff: async (permission: Parameters<typeof can>[1] = 'dashboard') => {
    if (!can(role, permission)) throw new Error(`redirect: ${role} lacks ${permission}`);
    return {
      id: staffIds[role],
      username: role,
      displayName: `${role}-name`,
      role,
      actor: { id: staffIds[role]!, role, ip: '10.70.0.1' },
      can: (p: Parameters<typeof can>[1]) => can(role, p),
    };
  },
}));

const db = useTestDatabase({ seed: true });
const html = async (el: Promise<React.ReactElement>) => renderToStaticMarkup(await el).replace(/<!-- -->/g, '');
const moneyPage = (query: Record<string, string> = {}) => html(MoneyPage({ searchParams: Promise.resolve(query) }));
/** The download as the current role's browser asks for it: with a real session cookie (the route reads the request's). */
const csvGet = async (query: string) => {
  const { token } = await createStaffSession(getDb(), staffIds[role]!);
  return moneyCsv(new NextRequest(`http://localhost/admin/finance/money/csv${query}`, { headers: { cookie: `staff_token=${token}` } }));
};
const ordersPage = (query: Record<string, string>) => html(OrdersPage({ searchParams: Promise.resolve(query) }));

/** A Shanghai wall-clock time as an instant (the test's own clock; the code under test uses the business-time helpers). */
const sh = (local: string) => new Date(`${local}+08:00`);
const MONTH = '2025-06';

let finance: StaffActor;
const ids: Record<string, number> = {};

/** Rows written by `work` are dated `when`: the ledger's and the audit log's own timestamps come from the database clock. */
async function at<T>(when: Date, work: () => Promise<T>): Promise<T> {
  const d = db.handle().db;
  const max = async () => {
    const result = (await d.execute(
      sql`select (select coalesce(max(id), 0) from ledger_transactions) as tx, (select coalesce(max(id), 0) from staff_audit_log) as audit`,
    )) as unknown as { rows: Array<{ tx: number; audit: number }> };
    return result.rows[0]!;
  };
  const before = await max();
  const out = await work();
  await d
    .update(ledgerTransactions)
    .set({ createdAt: when })
    .where(gt(ledgerTransactions.id, Number(before.tx)));
  await d
    .update(staffAuditLog)
    .set({ createdAt: when })
    .where(gt(staffAuditLog.id, Number(before.audit)));
  return out;
}

async function product(name: string) {
  const [p] = await db.handle().db.select().from(products).where(eq(products.name, name));
  return p!;
}

/** An order of `name` opened with `provider` and paid at `when`; `coupon` takes the member's signup coupon. */
async function paid(memberId: number, name: string, provider: 'wechat' | 'alipay' | 'sandbox', when: Date, coupon?: number) {
  const order = await createOrder(memberId, (await product(name)).id, { offered: [provider], provider, couponId: coupon }, when);
  await at(when, () => creditProviderPayment(provider, { orderId: order.id, amount: order.price, tradeNo: `T-${order.id}` }, {}, when));
  return order.id;
}

const refund = (orderId: number, when: Date) => at(when, () => refundOrder(finance, { orderId, reason: '用户申请', override: true }, when));
const notice = (provider: 'wechat' | 'alipay', orderId: number, ok: boolean, when: Date) =>
  applyRefundNotice(provider, { orderId, ref: `${provider}-refund-${orderId}`, ok }, when);

beforeAll(async () => {
  for (const r of ['admin', 'finance', 'moderator', 'editor']) {
    staffIds[r] = await createStaffFromCommand(getDb(), { username: `mr_${r}`, role: r as 'admin', password: `${r}-password-12` });
  }
  finance = { id: staffIds.finance!, role: 'finance', ip: '10.70.0.2' };
  const [a, b, c] = [await signedInMember(), await signedInMember(), await signedInMember()];
  await grantSignupCoupons(db.handle().db, b.id, sh('2025-06-01T08:00:00'));
  const [coupon] = await db.handle().db.select().from(memberCoupons).where(eq(memberCoupons.memberId, b.id));
  const [chapter] = await db
    .handle()
    .db.select({ id: chapters.id, novelId: chapters.novelId })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .where(and(eq(chapters.isFree, false), eq(novels.saleMode, 'chapter'), gt(chapters.price, 0)))
    .limit(1);
  const [second] = await db
    .handle()
    .db.select({ id: chapters.id })
    .from(chapters)
    .where(
      and(eq(chapters.novelId, chapter!.novelId), eq(chapters.isFree, false), gt(chapters.price, 0), sql`${chapters.id} <> ${chapter!.id}`),
    )
    .limit(1);

  // The last minute of May and the first of July, Shanghai time: outside the month whatever the UTC date says.
  ids.mayLast = await paid(a.id, '600书币', 'sandbox', sh('2025-05-31T23:59:00'));
  // 00:05 on 1 June in Shanghai is still 31 May in UTC.
  ids.w1 = await paid(a.id, '3000书币', 'wechat', sh('2025-06-01T00:05:00'));
  ids.l1 = await paid(b.id, '3000书币', 'alipay', sh('2025-06-03T10:00:00'), coupon!.id);
  ids.s1 = await paid(c.id, '5000书币', 'sandbox', sh('2025-06-05T12:00:00'));
  await at(sh('2025-06-05T13:00:00'), () => buyChapter(a.id, chapter!.novelId, chapter!.id, undefined, sh('2025-06-05T13:00:00')));
  await at(sh('2025-06-05T13:01:00'), () => buyChapter(a.id, chapter!.novelId, second!.id, undefined, sh('2025-06-05T13:01:00')));
  // Refunded and still on its way (pending).
  ids.w2 = await paid(b.id, '600书币', 'wechat', sh('2025-06-10T09:00:00'));
  await refund(ids.w2, sh('2025-06-11T10:00:00'));
  // Failed at the provider.
  ids.l2 = await paid(c.id, '600书币', 'alipay', sh('2025-06-12T09:00:00'));
  await refund(ids.l2, sh('2025-06-12T15:00:00'));
  await notice('alipay', ids.l2, false, sh('2025-06-12T16:00:00'));
  // Done: the provider says the money is back.
  ids.w3 = await paid(a.id, '600书币', 'wechat', sh('2025-06-14T09:00:00'));
  await refund(ids.w3, sh('2025-06-15T10:00:00'));
  await notice('wechat', ids.w3, true, sh('2025-06-15T11:00:00'));
  // Failed, then returned by hand.
  ids.l3 = await paid(b.id, '600书币', 'alipay', sh('2025-06-16T09:00:00'));
  await refund(ids.l3, sh('2025-06-16T10:00:00'));
  await notice('alipay', ids.l3, false, sh('2025-06-16T11:00:00'));
  await at(sh('2025-06-17T09:00:00'), () => markRefundHandled(finance, ids.l3!, '已线下退回', sh('2025-06-17T09:00:00')));
  // The sandbox holds no money: its refund is done at once.
  ids.s2 = await paid(c.id, '600书币', 'sandbox', sh('2025-06-20T09:00:00'));
  await refund(ids.s2, sh('2025-06-20T10:00:00'));
  // Paid after the payer cancelled: money taken, nothing granted, returned the next day (pending at WeChat Pay).
  const late = await createOrder(
    a.id,
    (await product('600书币')).id,
    { offered: ['wechat'], provider: 'wechat' },
    sh('2025-06-22T10:00:00'),
  );
  await cancelOrder(late.id, a.id, sh('2025-06-22T10:05:00'));
  await creditProviderPayment('wechat', { orderId: late.id, amount: late.price, tradeNo: `T-${late.id}` }, {}, sh('2025-06-22T10:10:00'));
  ids.w4 = late.id;
  const [flag] = await db.handle().db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, late.id));
  await at(sh('2025-06-23T09:00:00'), () => refundPaymentException(finance, flag!.id, '取消后到账'));
  // Vouchers from the activity centre.
  await at(sh('2025-06-25T08:00:00'), () =>
    getDb().transaction((tx) => credit(tx as unknown as Tx, b.id, { kind: 'checkin', source: 'activity', welthCoupon: 5 })),
  );
  // Paid on the month's last evening, refunded after midnight: June's takings, July's refund.
  ids.w5 = await paid(b.id, '600书币', 'wechat', sh('2025-06-30T23:50:00'));
  await refund(ids.w5, sh('2025-07-01T00:10:00'));
  ids.julyFirst = await paid(c.id, '600书币', 'alipay', sh('2025-07-01T00:01:00'));
}, 300_000);

interface Cell {
  href: string | null;
  yuan: string;
  count: number | null;
}
/** A figure of the page by its test id: the amount, its order count and the link to its orders. */
function cell(page: string, id: string): Cell {
  const m = new RegExp(
    `data-testid="${id}">(?:<a href="([^"]*)">)?(?:<b>)?(-?[\\d.,]+)(?:</b>)?(?:</a>)?(?:<br/><small>(\\d+) 笔</small>)?</td>`,
  ).exec(page);
  if (!m) throw new Error(`no figure ${id}`);
  return { href: m[1] ? m[1].replace(/&amp;/g, '&') : null, yuan: m[2]!, count: m[3] === undefined ? null : Number(m[3]) };
}
const yuan = (cents: number) => (cents / 100).toFixed(2);

/** The month's figures computed here from the rows themselves, not through the report's SQL. */
async function independentSums(from: Date, to: Date) {
  const d = db.handle().db;
  const inMonth = (t: Date | null) => t !== null && t >= from && t < to;
  const allOrders = await d.select().from(orders);
  const refunds = await d
    .select({ r: orderRefunds, provider: orders.provider })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId));
  const exceptions = await d.select().from(paymentExceptions);
  const returns = await d.select().from(staffAuditLog).where(eq(staffAuditLog.action, 'order.exception_refund'));
  const sums: Record<string, { paid: number; paidN: number; discount: number; late: number; refunds: Record<string, number> }> = {};
  const of = (p: string) => (sums[p] ??= { paid: 0, paidN: 0, discount: 0, late: 0, refunds: {} });
  for (const o of allOrders)
    if (inMonth(o.paidAt)) {
      of(o.provider).paid += o.price;
      of(o.provider).paidN += 1;
      of(o.provider).discount += o.discount;
    }
  for (const e of exceptions) if (inMonth(e.createdAt)) of(e.provider).late += e.amount;
  const state = (status: string | null, provider: string) =>
    status === 'settled' || (status === null && provider === 'sandbox') ? 'done' : (status ?? 'pending');
  for (const { r, provider } of refunds)
    if (inMonth(r.createdAt))
      of(provider).refunds[state(r.providerRefundStatus, provider)] =
        (of(provider).refunds[state(r.providerRefundStatus, provider)] ?? 0) + r.amount;
  for (const a of returns) {
    const e = exceptions.find((x) => x.orderId === a.targetId)!;
    if (inMonth(a.createdAt))
      of(e.provider).refunds[state(e.providerRefundStatus, e.provider)] =
        (of(e.provider).refunds[state(e.providerRefundStatus, e.provider)] ?? 0) + e.amount;
  }
  // Ledger: every member leg of the month, summed by what it is.
  const legs = await d
    .select({
      kind: ledgerTransactions.kind,
      at: ledgerTransactions.createdAt,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txId))
    .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
    .where(sql`${walletAccounts.memberId} is not null`);
  const coins = { sold: 0, bonus: 0, spent: 0, refundedBack: 0, vouchers: 0 };
  for (const l of legs) {
    if (!inMonth(l.at) || l.kind === 'merge') continue;
    if (l.currency === 'welth' && l.kind === 'recharge') coins.sold += l.amount;
    if (l.currency === 'welth' && (l.kind === 'recharge_bonus' || l.kind === 'recharge_extra')) coins.bonus += l.amount;
    if (l.currency === 'welth' && ['chapter_purchase', 'book_purchase', 'tip'].includes(l.kind)) coins.spent -= l.amount;
    if (l.currency === 'welth' && l.kind === 'refund') coins.refundedBack -= l.amount;
    if (l.currency === 'welth_coupon' && l.amount > 0) coins.vouchers += l.amount;
  }
  return { sums, coins };
}

describe('a scripted month on /admin/finance/money', () => {
  it('cash in by provider, refunds by state and net are the scripted ones, and equal the sums of the orders and refunds', async () => {
    role = 'finance';
    const page = await moneyPage({ month: MONTH });
    expect(page).toContain('<a href="/admin/finance/money" aria-current="page">收支报表</a>');
    expect(page).toContain(
      '<th scope="col" class="num">微信支付</th><th scope="col" class="num">支付宝</th><th scope="col" class="num">沙箱支付（测试）</th>',
    );
    // By the script: W1 30 + W2 6 + W3 6 + W5 6; the May and July payments stay out.
    expect(cell(page, 'money-wechat-paid')).toMatchObject({ yuan: '48.00', count: 4 });
    expect(cell(page, 'money-wechat-late')).toMatchObject({ yuan: '6.00', count: 1 });
    expect(cell(page, 'money-wechat-cashIn')).toMatchObject({ yuan: '54.00', count: 5 });
    expect(cell(page, 'money-wechat-refund-pending')).toMatchObject({ yuan: '12.00', count: 2 });
    expect(cell(page, 'money-wechat-refund-done')).toMatchObject({ yuan: '6.00', count: 1 });
    expect(cell(page, 'money-wechat-net')).toMatchObject({ yuan: '36.00' });
    // The coupon's 5 yuan were never paid: 25 + 6 + 6 taken.
    expect(cell(page, 'money-alipay-paid')).toMatchObject({ yuan: '37.00', count: 3 });
    expect(page).toMatch(/data-testid="money-alipay-discount">5\.00</);
    expect(cell(page, 'money-alipay-refund-failed')).toMatchObject({ yuan: '6.00', count: 1 });
    expect(cell(page, 'money-alipay-refund-handled')).toMatchObject({ yuan: '6.00', count: 1 });
    expect(cell(page, 'money-sandbox-refund-done')).toMatchObject({ yuan: '6.00', count: 1 });
    expect(cell(page, 'money-all-cashIn')).toMatchObject({ yuan: '147.00', count: 10 });
    expect(cell(page, 'money-all-refunded')).toMatchObject({ yuan: '36.00', count: 6 });
    expect(cell(page, 'money-all-net')).toMatchObject({ yuan: '111.00' });
    expect(page).toMatch(/data-testid="money-card-net">净收款（元）<b>111\.00<\/b>/);

    const { start, end } = businessPeriod(MONTH)!;
    const { sums } = await independentSums(start, end);
    for (const p of ['wechat', 'alipay', 'sandbox']) {
      const s = sums[p]!;
      expect(cell(page, `money-${p}-paid`)).toMatchObject({ yuan: yuan(s.paid), count: s.paidN });
      expect(page).toContain(`data-testid="money-${p}-discount">${yuan(s.discount)}<`);
      expect(cell(page, `money-${p}-late`).yuan).toBe(yuan(s.late));
      for (const st of ['done', 'pending', 'failed', 'handled'])
        expect(cell(page, `money-${p}-refund-${st}`).yuan).toBe(yuan(s.refunds[st] ?? 0));
      const refunded = Object.values(s.refunds).reduce((x, y) => x + y, 0);
      expect(cell(page, `money-${p}-net`).yuan).toBe(yuan(s.paid + s.late - refunded));
    }
  });

  it('coins sold and spent and vouchers granted equal the ledger’s member legs; the ledger audit and the revenue page agree', async () => {
    role = 'finance';
    const { start, end } = businessPeriod(MONTH)!;
    const report = await moneyReport(finance, businessPeriod(MONTH)!);
    const { coins } = await independentSums(start, end);
    expect(report.coins).toMatchObject(coins);
    // By the script: 3000 + 3000 + 5000 + six packs of 600 sold; 300 + 300 + 800 bonus; five refunds of 600 taken back.
    expect(report.coins).toMatchObject({ sold: 14_600, bonus: 1_400, refundedBack: 3_000 });
    expect(report.coins.spent).toBeGreaterThan(0);
    // 200 + 300 vouchers with the 5000 pack, 5 from a check-in.
    expect(report.coins.vouchers).toBe(505);
    expect(report.coins.vouchersByKind).toEqual(
      expect.arrayContaining([
        { kind: 'recharge_extra', amount: 300 },
        { kind: 'checkin', amount: 5 },
      ]),
    );
    expect((await financeMonth(MONTH)).spent).toBe(report.coins.spent);
    expect(await auditLedger()).toEqual([]);
    const page = await moneyPage({ month: MONTH });
    expect(page).toContain(`data-testid="coins-sold"><a href="/admin/orders?paid=${MONTH}">14,600</a>`);
    expect(page).toContain(`<a href="/admin/finance?month=${MONTH}">${report.coins.spent.toLocaleString('zh-CN')}</a>`);
    expect(page).toContain('<th scope="row">签到</th><td class="num">5</td>');
  });

  it('every figure links to the orders that make it up, and the list’s total equals the figure', async () => {
    role = 'finance';
    const page = await moneyPage({ month: MONTH });
    const figures = ['paid', 'late', 'refund-done', 'refund-pending', 'refund-failed', 'refund-handled', 'refunded'];
    for (const p of ['wechat', 'alipay', 'sandbox', 'all'])
      for (const f of figures) {
        const c = cell(page, `money-${p}-${f}`);
        expect(c.href).toMatch(/^\/admin\/orders\?/);
        const list = await ordersPage(Object.fromEntries(new URL(c.href!, 'http://x').searchParams));
        expect(list).toContain(`data-testid="orders-totals">共 ${c.count} 笔，合计 ${c.yuan} 元`);
      }
    const pending = cell(page, 'money-wechat-refund-pending').href!;
    expect(pending).toBe(`/admin/orders?refunded=${MONTH}&refund_state=pending&provider=wechat`);
    const list = await ordersPage(Object.fromEntries(new URL(pending, 'http://x').searchParams));
    expect(list).toContain(`${MONTH} 发起的退款（处理中）`);
    for (const id of [ids.w2, ids.w4]) expect(list).toContain(`<a href="/admin/orders/${id}">#${id}</a>`);
    expect(list).not.toContain(`<a href="/admin/orders/${ids.w3}">`);
    // The search form keeps the report's filter; the paid list shows provider and coupon.
    expect(list).toContain(`<input type="hidden" name="refunded" value="${MONTH}"/>`);
    const alipay = await ordersPage({ paid: MONTH, provider: 'alipay' });
    expect(alipay).toMatch(new RegExp(`data-testid="order-${ids.l1}">.*<td>25</td><td>5</td><td>支付宝</td>`));
    expect(alipay).toContain('订单号说明：订单号由数据库按顺序分配，但不保证连续');
  });

  it('days are Shanghai days: the month’s days add up to it, and a day of its own has its own figures', async () => {
    role = 'finance';
    const report = await moneyReport(finance, businessPeriod(MONTH)!);
    expect(report.days.map((d) => d.day)).toHaveLength(30);
    const sum = (pick: (d: (typeof report.days)[number]) => number) => report.days.reduce((s, d) => s + pick(d), 0);
    expect(sum((d) => d.money.cashIn.cents)).toBe(report.total.cashIn.cents);
    expect(sum((d) => d.money.refunded.cents)).toBe(report.total.refunded.cents);
    expect(sum((d) => d.coins.sold)).toBe(report.coins.sold);
    const first = await moneyPage({ day: '2025-06-01' });
    expect(cell(first, 'money-wechat-paid')).toMatchObject({
      yuan: '30.00',
      count: 1,
      href: '/admin/orders?paid=2025-06-01&provider=wechat',
    });
    expect(first).not.toContain('data-testid="money-days"');
    expect(first).toContain('统计区间（北京时间）：2025-06-01 00:00 至 2025-06-02 00:00（不含）');
    const may = await moneyPage({ day: '2025-05-31' });
    expect(cell(may, 'money-sandbox-paid')).toMatchObject({ yuan: '6.00', count: 1 });
    const month = await moneyPage({ month: MONTH });
    expect(month).toContain('<a href="/admin/finance/money?day=2025-06-01" aria-label="查看 2025-06-01">2025-06-01</a>');
    expect(month).toContain('href="/admin/finance/money?month=2025-05"');
    expect(month).toContain('href="/admin/finance/money?month=2025-07"');
    // July: W5's refund (its payment was June's) and the payment of 00:01 on 1 July.
    const july = await moneyReport(finance, businessPeriod('2025-07')!);
    expect(july.total.refunded).toEqual({ count: 1, cents: 600 });
    expect(july.total.paid).toEqual({ count: 1, cents: 600 });
  });

  it('downloads the same figures as CSV: UTF-8 with BOM, one line per figure, days after the month', async () => {
    role = 'finance';
    const res = await csvGet(`?month=${MONTH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="shusheng-money-${MONTH}.csv"`);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('期间,渠道,项目,笔数,金额（元）,数量');
    expect(lines).toContain(`${MONTH},微信支付,订单支付,4,48.00,`);
    expect(lines).toContain(`${MONTH},支付宝,优惠券抵扣,,5.00,`);
    expect(lines).toContain(`${MONTH},支付宝,退款·失败（待人工退回）,1,6.00,`);
    expect(lines).toContain(`${MONTH},沙箱支付（测试）,退款·已到账,1,6.00,`);
    expect(lines).toContain(`${MONTH},合计,净收款,,111.00,`);
    expect(lines).toContain(`${MONTH},全部,售出书币,,,14600`);
    expect(lines).toContain('2025-06-01,微信支付,订单支付,1,30.00,');
    expect(lines).toContain('2025-06-11,合计,退款·处理中,1,6.00,');
    expect(lines.at(-1)).toBe('');
    // Only a download: another method gets the 40500 envelope.
    expect((await moneyCsvPost(new NextRequest('http://localhost/admin/finance/money/csv', { method: 'POST' }))).status).toBe(405);
  });

  it('a malformed or future period is refused in Chinese: the page shows this month, the download answers 400', async () => {
    role = 'finance';
    const now = businessMonthOf(new Date());
    const bad: Array<Record<string, string>> = [
      { month: '2025-13' },
      { day: '2025-02-30' },
      { day: '2025-6-1' },
      { month: "2025-06' or 1=1" },
    ];
    for (const q of bad) {
      const page = await moneyPage(q);
      expect(page).toContain('data-testid="money-error">日期应为 YYYY-MM-DD，月份应为 YYYY-MM，且须是真实存在的日期');
      expect(page).toContain(`name="month" value="${now}"`);
      const res = await csvGet(`?${new URLSearchParams(q)}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/^日期应为/);
    }
    const future = await csvGet('?month=2999-01');
    expect(future.status).toBe(400);
    expect(await future.text()).toBe('不能查看未来的日期或月份');
    expect(reportPeriod(undefined, undefined).period.key).toBe(now);
    expect(reportPeriod(businessDayOf(new Date()), undefined)).toMatchObject({ error: null, period: { kind: 'day' } });
  });

  it('the order list refuses report filters it cannot read, with the reason, instead of listing every order', async () => {
    role = 'finance';
    const bad = await ordersPage({ paid: '2025-13', provider: 'paypal', refunded: MONTH, refund_state: 'lost' });
    expect(bad).toContain('<p class="flash flash-err" role="alert">日期应为 YYYY-MM-DD，月份应为 YYYY-MM，且须是真实存在的日期</p>');
    expect(bad).toContain('<p class="flash flash-err" role="alert">未知的支付渠道</p>');
    expect(bad).toContain('<p class="flash flash-err" role="alert">未知的退款状态</p>');
  });

  it('finance and admin see it; moderators and editors are turned away from the page and the download', async () => {
    role = 'admin';
    expect(await moneyPage({ month: MONTH })).toContain('data-testid="money-providers"');
    for (const r of ['moderator', 'editor']) {
      role = r;
      await expect(moneyPage({ month: MONTH })).rejects.toThrow(/lacks finance/);
      // Signed out, or in a role without finance, the download answers the console's redirect, never the file.
      const anonymous = await moneyCsv(new NextRequest(`http://localhost/admin/finance/money/csv?month=${MONTH}`));
      expect(new URL(anonymous.headers.get('location')!).pathname).toBe('/admin/login');
      const refused = await csvGet(`?month=${MONTH}`);
      expect(refused.status).toBe(303);
      expect(new URL(refused.headers.get('location')!).pathname).toBe('/admin');
      expect(refused.headers.get('content-type') ?? '').not.toContain('text/csv');
      await expect(moneyReport({ id: staffIds[r]!, role: r, ip: '' }, businessPeriod(MONTH)!)).rejects.toThrow();
    }
  });
});

describe('the dashboard beside the money report', () => {
  it('shows each day’s refunds and net next to its takings, the same as the report’s day', async () => {
    const a = await signedInMember();
    const now = new Date();
    const kept = await paid(a.id, '3000书币', 'sandbox', now);
    const returned = await paid(a.id, '600书币', 'sandbox', now);
    await refundOrder(finance, { orderId: returned, reason: '用户申请', override: true }, now);
    expect(kept).toBeGreaterThan(0);
    role = 'finance';
    const today = businessDayOf(now);
    const figures = await dailyFigures(finance, now);
    const day = figures.find((f) => f.day === today)!;
    const report = await moneyReport(finance, businessPeriod(today)!, now);
    expect(day.refundCents).toBe(report.total.refunded.cents);
    expect(day.netCents).toBe(report.total.net);
    expect(day.refundCents).toBeGreaterThanOrEqual(600);
    const page = await html(DashboardPage({ searchParams: Promise.resolve({}) }));
    expect(page).toContain('<th>支付金额（元，含日后退款的订单）</th><th>退款（元，按发起日）</th><th>净收款（元）</th>');
    expect(page).toContain('data-testid="money-note"');
    role = 'editor';
    const editor = await html(DashboardPage({ searchParams: Promise.resolve({}) }));
    expect(editor).not.toContain('退款（元');
    expect((await dailyFigures({ id: staffIds.editor!, role: 'editor', ip: '' }, now))[0]).toMatchObject({
      refundCents: null,
      netCents: null,
    });
  });
});
