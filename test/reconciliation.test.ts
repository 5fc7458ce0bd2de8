// The daily reconciliation (docs/reconciliation.md): a provider's bill of one Beijing day against our paid and
// refunded orders, with a fake provider's bill; the differences stored once per day, the hourly tick, a failed
// download retried, and staff resolving a difference from the console — audited, once, by the right role.
import { NextRequest } from 'next/server';
import { and, eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { signedInMember } from './members';
import { getDb } from '@/lib/server/db/client';
import {
  orders,
  paymentExceptions,
  paymentReconciliationLines,
  paymentReconciliations,
  products,
  staffAuditLog,
} from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import type { StaffActor } from '@/lib/server/core/actor';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { cancelOrder, createOrder } from '@/lib/server/wallet/orders';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import type { BillLine, RealProvider } from '@/lib/server/wallet/payments/contract';
import { refundOrder } from '@/lib/server/wallet/refunds';
import { compareBill } from '@/lib/server/wallet/reconciliation/compare';
import { reconcileDay, runDueReconciliations } from '@/lib/server/wallet/reconciliation/run';
import { businessDayOf } from '@/lib/shared/business-time';
import { openDifferences, resolveDifference } from '@/lib/server/wallet/reconciliation/staff';
import { failureReason, parseFailure } from '@/lib/server/wallet/reconciliation/failure';
import { AlipayError, AlipayFailure } from '@/lib/server/wallet/payments/alipay/client';
import { WechatPayError } from '@/lib/server/wallet/payments/wechat/client';
import { WechatVerifyError } from '@/lib/server/wallet/payments/wechat/verifier';
import { POST as resolveAction } from '@/app/admin/actions/reconciliation/route';

process.env.LOG_LEVEL = 'error';
const db = useTestDatabase({ seed: true });
const actors: Record<string, StaffActor> = {};
const tokens: Record<string, string> = {};
let ip = 0;

beforeAll(async () => {
  for (const role of ['admin', 'finance', 'moderator'] as const) {
    const username = `rc_${role}`;
    const id = await createStaffFromCommand(getDb(), { username, role, password: `${username}-password` });
    actors[role] = { id, role, ip: '10.50.0.1' };
    tokens[role] = (await staffSignIn({ username, password: `${username}-password`, ip: `10.50.1.${++ip}` })).session.token;
  }
});

/** A provider whose bill is whatever the test says; `fail` makes the download fail. */
function fakeProvider(
  name: 'alipay' | 'wechat',
  bills: Record<string, BillLine[]>,
  opts: { configured?: boolean; fail?: boolean } = {},
): RealProvider & { calls: string[] } {
  const calls: string[] = [];
  const unused = () => Promise.reject(new Error('not used'));
  return {
    name,
    label: name,
    calls,
    configured: () => opts.configured ?? true,
    offeredIn: () => true,
    start: unused,
    parseNotify: unused,
    reply: () => ({ status: 200, contentType: 'text/plain', body: 'success' }),
    query: unused,
    close: unused,
    refund: unused,
    bill: async (day) => {
      calls.push(day);
      if (opts.fail) throw new Error('bill download timed out');
      return bills[day] ?? [];
    },
  };
}

/** An order paid at `at` through the sandbox, then booked under `provider` as the plumbing would have. */
async function paidAt(at: Date, provider: string, productName = '600书币') {
  const m = await signedInMember();
  const [p] = await db.handle().db.select().from(products).where(eq(products.name, productName));
  const order = await createOrder(m.id, p!.id, {}, at);
  expect((await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price), at)).credited).toBe(true);
  await db.handle().db.update(orders).set({ provider }).where(eq(orders.id, order.id));
  return order;
}
const linesOf = (provider: string, day: string) =>
  db
    .handle()
    .db.select()
    .from(paymentReconciliationLines)
    .where(and(eq(paymentReconciliationLines.provider, provider), eq(paymentReconciliationLines.day, day)));
const runOf = async (provider: string, day: string) =>
  (
    await db
      .handle()
      .db.select()
      .from(paymentReconciliations)
      .where(and(eq(paymentReconciliations.provider, provider), eq(paymentReconciliations.day, day)))
  )[0];

describe('compareBill', () => {
  const paid = (orderId: number, amount: number, tradeNo = `t${orderId}`): BillLine => ({ orderId, amount, tradeNo, kind: 'paid' });
  it('matches equal lines, and reports each kind of difference once', () => {
    const diffs = compareBill(
      [
        paid(1, 600),
        paid(2, 600),
        paid(3, 999),
        { orderId: 1, amount: 300, tradeNo: 't1', kind: 'refund' },
        { orderId: 1, amount: 300, tradeNo: 't1', kind: 'refund' },
      ],
      [
        { orderId: 1, kind: 'paid', amount: 600 },
        { orderId: 3, kind: 'paid', amount: 600 },
        { orderId: 4, kind: 'paid', amount: 600 },
        { orderId: 1, kind: 'refund', amount: 600 },
      ],
      [
        { orderId: 1, kind: 'paid', amount: 600 },
        { orderId: 3, kind: 'paid', amount: 600 },
        { orderId: 1, kind: 'refund', amount: 600 },
      ],
    );
    expect(diffs).toEqual([
      { orderId: 2, kind: 'paid', issue: 'missing_ours', ourAmount: null, theirAmount: 600, tradeNo: 't2' },
      { orderId: 3, kind: 'paid', issue: 'amount_differs', ourAmount: 600, theirAmount: 999, tradeNo: 't3' },
      { orderId: 4, kind: 'paid', issue: 'missing_theirs', ourAmount: 600, theirAmount: null, tradeNo: null },
    ]);
  });
  it('an empty bill against an empty day is clean', () => {
    expect(compareBill([], [], [])).toEqual([]);
  });
});

describe('reconcileDay', () => {
  // 2026-11-20 in Beijing: 00:00 is 2026-11-19T16:00Z.
  const day = '2026-11-20';
  const noon = new Date('2026-11-20T04:00:00Z');
  const nextMorning = new Date('2026-11-21T03:00:00Z');

  it('stores the differences between the bill and our paid and refunded orders, and does the day once', async () => {
    const matched = await paidAt(noon, 'alipay');
    const onlyOurs = await paidAt(noon, 'alipay');
    const wrongAmount = await paidAt(noon, 'alipay');
    // Paid one second before midnight by Alipay, booked by us the day before: matched across the day line.
    const lateEvening = await paidAt(new Date('2026-11-19T15:59:59Z'), 'alipay');
    const refunded = await paidAt(noon, 'sandbox');
    await refundOrder(actors.finance!, { orderId: refunded.id, reason: 'test', override: true }, new Date(noon.getTime() + 60_000));
    await db.handle().db.update(orders).set({ provider: 'alipay' }).where(eq(orders.id, refunded.id));
    // Another provider's order of the same day is not Alipay's business.
    await paidAt(noon, 'wechat');
    const bill: BillLine[] = [
      { orderId: matched.id, tradeNo: 'T1', amount: matched.price, kind: 'paid' },
      { orderId: wrongAmount.id, tradeNo: 'T3', amount: wrongAmount.price + 100, kind: 'paid' },
      { orderId: lateEvening.id, tradeNo: 'T4', amount: lateEvening.price, kind: 'paid' },
      { orderId: refunded.id, tradeNo: 'T5', amount: refunded.price, kind: 'paid' },
      { orderId: refunded.id, tradeNo: 'T5', amount: refunded.price, kind: 'refund' },
      { orderId: 2_000_000_000, tradeNo: 'T9', amount: 600, kind: 'paid' },
    ];
    const provider = fakeProvider('alipay', { [day]: bill });
    expect(await reconcileDay(provider, day, nextMorning)).toEqual({ provider: 'alipay', day, status: 'done', differences: 3 });
    const lines = (await linesOf('alipay', day)).map((l) => ({
      orderId: l.orderId,
      kind: l.kind,
      issue: l.issue,
      ours: l.ourAmount,
      theirs: l.theirAmount,
    }));
    expect(lines.sort((a, b) => a.orderId - b.orderId)).toEqual([
      { orderId: onlyOurs.id, kind: 'paid', issue: 'missing_theirs', ours: onlyOurs.price, theirs: null },
      { orderId: wrongAmount.id, kind: 'paid', issue: 'amount_differs', ours: wrongAmount.price, theirs: wrongAmount.price + 100 },
      { orderId: 2_000_000_000, kind: 'paid', issue: 'missing_ours', ours: null, theirs: 600 },
    ]);
    expect(await runOf('alipay', day)).toMatchObject({ status: 'done', billLines: 6, differences: 3 });
    // Run again (the next hourly tick, or a second server): nothing downloaded, nothing doubled.
    expect((await reconcileDay(provider, day, nextMorning)).status).toBe('skipped');
    expect(provider.calls).toEqual([day]);
    expect(await linesOf('alipay', day)).toHaveLength(3);
  });

  it('a bill that will not download is recorded as failed and retried until it is done', async () => {
    const d = '2026-11-10';
    const failing = fakeProvider('wechat', {}, { fail: true });
    expect((await reconcileDay(failing, d)).status).toBe('failed');
    // The reason's code first (a plain Error is not one we can name), the message after it.
    expect(await runOf('wechat', d)).toMatchObject({ status: 'failed', error: 'unknown: bill download timed out' });
    expect((await reconcileDay(failing, d)).status).toBe('failed');
    const working = fakeProvider('wechat', {});
    expect((await reconcileDay(working, d)).status).toBe('done');
    expect(await runOf('wechat', d)).toMatchObject({ status: 'done', error: null, differences: 0 });
  });

  it('names why a bill would not come, for the console: each provider failure as a reason code', async () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const cases: Array<[unknown, string]> = [
      [new WechatPayError(0, 'UNREACHABLE'), 'unreachable'],
      [new TypeError('fetch failed'), 'unreachable'],
      [timeout, 'unreachable'],
      [new WechatPayError(502, 'HTTP_ERROR'), 'http_error'],
      [new AlipayFailure('http', 'alipay x: http 502'), 'http_error'],
      [new WechatVerifyError('signature'), 'not_signed'],
      [new AlipayFailure('not_signed', 'alipay x: response not signed by alipay (code 10000)'), 'not_signed'],
      [new WechatPayError(400, 'INVALID_REQUEST'), 'refused'],
      [new AlipayError('alipay.data.dataservice.bill.downloadurl.query', '40004', 'isv.invalid-app-id'), 'refused'],
      [new WechatPayError(0, 'NOT_CONFIGURED'), 'not_configured'],
      [new AlipayFailure('not_configured', 'alipay is not configured'), 'not_configured'],
      [new WechatPayError(200, 'NO_BILL'), 'no_bill'],
      [new AlipayFailure('download', 'alipay bill: download http 403'), 'download_failed'],
      [new WechatPayError(200, 'BILL_HASH'), 'bad_file'],
      [new AlipayFailure('bad_file', 'alipay bill: no detail csv in the zip'), 'bad_file'],
      [new Error('something else'), 'unknown'],
    ];
    for (const [err, reason] of cases) expect([failureReason(err), reason]).toEqual([reason, reason]);
    const d = '2026-11-11';
    const down = fakeProvider('alipay', {});
    down.bill = async () => {
      throw new AlipayFailure(
        'not_signed',
        'alipay alipay.data.dataservice.bill.downloadurl.query: response not signed by alipay (code 10000)',
      );
    };
    expect((await reconcileDay(down, d)).status).toBe('failed');
    const run = await runOf('alipay', d);
    expect(run?.error).toBe(
      'not_signed: alipay alipay.data.dataservice.bill.downloadurl.query: response not signed by alipay (code 10000)',
    );
    expect(parseFailure(run!.error)).toEqual({ reason: 'not_signed', detail: expect.stringContaining('not signed') });
    // Text stored before reasons had codes reads as an unclassified reason, the text kept as the detail.
    expect(parseFailure('bill download timed out')).toEqual({ reason: 'unknown', detail: 'bill download timed out' });
    expect(parseFailure('nonsense: words')).toEqual({ reason: 'unknown', detail: 'nonsense: words' });
  });

  it('a payment flagged for refund (it came after the order closed) is ours too: on the bill it is no difference', async () => {
    const d = '2026-11-12';
    const at = new Date('2026-11-12T02:00:00Z');
    const m = await signedInMember();
    const [p] = await db.handle().db.select().from(products).where(eq(products.name, '600书币'));
    const order = await createOrder(m.id, p!.id, {}, at);
    await cancelOrder(order.id, m.id, at);
    expect((await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price), at)).refund_due).toBe(true);
    await db.handle().db.update(orders).set({ provider: 'wechat' }).where(eq(orders.id, order.id));
    await db.handle().db.update(paymentExceptions).set({ provider: 'wechat' }).where(eq(paymentExceptions.orderId, order.id));
    const provider = fakeProvider('wechat', { [d]: [{ orderId: order.id, tradeNo: 'W1', amount: order.price, kind: 'paid' }] });
    expect((await reconcileDay(provider, d, new Date('2026-11-13T03:00:00Z'))).differences).toBe(0);
  });
});

describe('runDueReconciliations (the hourly tick)', () => {
  it('before 10:00 Beijing time does nothing; after, runs yesterday for configured providers only', async () => {
    const on = fakeProvider('alipay', {});
    const off = fakeProvider('wechat', {}, { configured: false });
    expect(await runDueReconciliations(new Date('2026-11-02T01:59:00Z'), [on, off])).toEqual([]);
    const results = await runDueReconciliations(new Date('2026-11-02T02:00:00Z'), [on, off]);
    expect(results).toEqual([{ provider: 'alipay', day: '2026-11-01', status: 'done', differences: 0 }]);
    expect(on.calls).toEqual(['2026-11-01']);
    expect(off.calls).toEqual([]);
    expect(businessDayOf(new Date('2026-11-01T16:00:00Z'))).toBe('2026-11-02');
  });
});

describe('resolving a difference', () => {
  async function openLine() {
    const d = `2026-10-${String(10 + ++ip).padStart(2, '0')}`;
    const order = await paidAt(new Date(`${d}T04:00:00Z`), 'alipay');
    await reconcileDay(fakeProvider('alipay', {}), d, new Date(`${d}T20:00:00Z`));
    const [line] = await linesOf('alipay', d);
    expect(line).toMatchObject({ orderId: order.id, issue: 'missing_theirs', resolvedAt: null });
    return line!;
  }
  const auditsOf = (lineId: number) =>
    db
      .handle()
      .db.select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'reconciliation.resolve'), eq(staffAuditLog.targetId, lineId)));
  const post = (role: string, fields: Record<string, string>) =>
    resolveAction(
      new NextRequest('http://localhost/admin/actions/reconciliation', {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          cookie: `staff_token=${tokens[role]}`,
          ...peerHeaders(`10.51.0.${++ip}`),
        },
      }),
    );
  const flash = (res: Response) => new URL(res.headers.get('location')!).searchParams;

  it('finance marks it resolved from the money page: the line closes with the note, one audit row', async () => {
    const line = await openLine();
    const res = await post('finance', { id: String(line.id), note: '渠道次日补单', back: '/admin/orders' });
    expect(res.status).toBe(303);
    expect(flash(res).get('ok')).toBeTruthy();
    const [after] = await db.handle().db.select().from(paymentReconciliationLines).where(eq(paymentReconciliationLines.id, line.id));
    expect(after).toMatchObject({ resolvedBy: actors.finance!.id, resolutionNote: '渠道次日补单' });
    expect(after!.resolvedAt).not.toBeNull();
    expect((await auditsOf(line.id))[0]!.detail).toMatchObject({ orderId: line.orderId, issue: 'missing_theirs', note: '渠道次日补单' });
    expect((await openDifferences(actors.admin!)).some((l) => l.id === line.id)).toBe(false);
  });

  it('refuses an empty note, an unknown line, a second resolve and a role without refunds; nothing written', async () => {
    const line = await openLine();
    expect(flash(await post('finance', { id: String(line.id), note: '  ' })).get('err')).toBeTruthy();
    expect(flash(await post('finance', { id: 'abc', note: 'x' })).get('err')).toBeTruthy();
    expect(flash(await post('finance', { id: '999999', note: 'x' })).get('err')).toBeTruthy();
    expect(flash(await post('moderator', { id: String(line.id), note: 'x' })).get('err')).toBeTruthy();
    expect(await auditsOf(line.id)).toHaveLength(0);
    expect(
      (await db.handle().db.select().from(paymentReconciliationLines).where(eq(paymentReconciliationLines.id, line.id)))[0]!.resolvedAt,
    ).toBeNull();
    // Two members of staff at once: one resolves it, the other is told it is done.
    const results = await Promise.allSettled([
      resolveDifference(actors.finance!, line.id, 'a'),
      resolveDifference(actors.admin!, line.id, 'b'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await auditsOf(line.id)).toHaveLength(1);
  });
});
