// Staff refunds of paid orders (docs/wallet.md "Refunds"): what each product kind credited comes back in one
// balanced movement, refusals write nothing, a refund happens once however many requests race, and the ledger
// audit stays clean.
import { and, eq, sql } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { getDb, type Tx } from '@/lib/server/db/client';
import {
  chapters,
  ledgerTransactions,
  novels,
  orderRefunds,
  orders,
  paymentExceptions,
  products,
  staffAuditLog,
  voucherLots,
} from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import type { StaffActor } from '@/lib/server/core/actor';
import { auditLedger } from '@/lib/server/wallet/audit';
import { getBalance } from '@/lib/server/wallet/accounts';
import { handlePaymentNotification } from '@/lib/server/wallet/notifications';
import { cancelOrder, createOrder } from '@/lib/server/wallet/orders';
import { signSandboxNotification } from '@/lib/server/wallet/payments/sandbox';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { refundOrder, refundOrderOnce, refundPaymentException } from '@/lib/server/wallet/refunds';
import { spend } from '@/lib/server/wallet/spend';
import { getPeriodState } from '@/lib/server/wallet/vip';

process.env.LOG_LEVEL = 'error';
const db = useTestDatabase({ seed: true });
const actors: Record<string, StaffActor> = {};

beforeAll(async () => {
  for (const role of ['admin', 'finance', 'moderator', 'editor'] as const) {
    const id = await createStaffFromCommand(getDb(), { username: `r_${role}`, role, password: `${role}-password-1` });
    actors[role] = { id, role, ip: '10.30.0.1' };
  }
});

const productNamed = async (name: string) => (await db.handle().db.select().from(products).where(eq(products.name, name)))[0]!;

async function paidOrder(memberId: number, productName: string, now = new Date()) {
  const product = await productNamed(productName);
  const order = await createOrder(memberId, product.id, {}, now);
  const paid = await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price), now);
  expect(paid.credited).toBe(true);
  return { order, product };
}

const orderRow = async (id: number) => (await db.handle().db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: number) => db.handle().db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
const refundMoves = (orderId: number) =>
  db
    .handle()
    .db.select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'refund'), eq(ledgerTransactions.idempotencyKey, `order:${orderId}`)));
const auditRows = (orderId: number) =>
  db
    .handle()
    .db.select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, 'order.refund'), eq(staffAuditLog.targetId, orderId)));

async function expectNothingWritten(orderId: number) {
  expect((await orderRow(orderId)).status).toBe('paid');
  expect(await refundsOf(orderId)).toHaveLength(0);
  expect(await refundMoves(orderId)).toHaveLength(0);
  expect(await auditRows(orderId)).toHaveLength(0);
}

describe('refundOrder: each product kind', () => {
  it('a recharge with bonus coins and two voucher lots needs the override, then takes all of it back', async () => {
    const m = await signedInMember();
    const { order, product } = await paidOrder(m.id, '5000书币');
    const credited = { welth: product.welth + product.rewardWelth, welth_coupon: product.rewardWelthCoupon + product.extraRewardCoupon };
    expect(await getBalance(m.id)).toEqual(credited);

    await expect(refundOrder(actors.finance!, { orderId: order.id, reason: '误充', override: false })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/特批退款/),
    });
    await expectNothingWritten(order.id);

    const result = await refundOrder(actors.finance!, { orderId: order.id, reason: '家长申请退款', override: true });
    expect(result).toMatchObject({ amount: order.price, coins: credited.welth, vouchers: credited.welth_coupon });
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
    expect((await orderRow(order.id)).status).toBe('refunded');
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ amount: order.price, override: true, providerRefundRef: `sandbox-refund-${order.id}` });
    const [audit] = await auditRows(order.id);
    expect(audit!.staffId).toBe(actors.finance!.id);
    expect(audit!.detail).toMatchObject({
      reason: '家长申请退款',
      override: true,
      amount: order.price,
      before: { status: 'paid', coins: credited.welth },
      after: { status: 'refunded', coins: 0 },
      reversed: { coins: credited.welth, vouchers: credited.welth_coupon },
    });
    const lots = await db.handle().db.select().from(voucherLots).where(eq(voucherLots.memberId, m.id));
    expect(lots.map((l) => l.remaining)).toEqual([0, 0]);
  });

  it('a short-drama card is refundable by policy: its period ends now', async () => {
    const m = await signedInMember();
    const { order } = await paidOrder(m.id, '短剧VIP月卡');
    expect((await getPeriodState(m.id, 'short_drama')).active).toBe(true);
    const result = await refundOrder(actors.admin!, { orderId: order.id, reason: '误购', override: false });
    expect(result).toMatchObject({ coins: 0, vouchers: 0, periodsEnded: 1 });
    expect((await getPeriodState(m.id, 'short_drama')).active).toBe(false);
    expect((await orderRow(order.id)).status).toBe('refunded');
  });

  it('ad removal is refundable by policy: the permanent ad-free period ends', async () => {
    const m = await signedInMember();
    const { order } = await paidOrder(m.id, '永久去广告');
    expect((await getPeriodState(m.id, 'ad_free')).active).toBe(true);
    await refundOrder(actors.finance!, { orderId: order.id, reason: '重复购买', override: false });
    expect((await getPeriodState(m.id, 'ad_free')).active).toBe(false);
  });

  it('VIP needs the override; its VIP and bonus short-drama days end, a later stacked month moves up to now', async () => {
    const m = await signedInMember();
    const { order: first } = await paidOrder(m.id, '包月VIP');
    const { order: second } = await paidOrder(m.id, '包月VIP');
    const now = Date.now();
    await expect(refundOrder(actors.admin!, { orderId: first.id, reason: '投诉', override: false })).rejects.toMatchObject({ status: 400 });
    const result = await refundOrder(actors.admin!, { orderId: first.id, reason: '投诉', override: true });
    expect(result.periodsEnded).toBe(2);
    // The second month now runs from today: VIP stays active and ends about 30 days out, not 60.
    const after = await getPeriodState(m.id, 'vip');
    expect(after.active).toBe(true);
    const daysLeft = (new Date(after.expires_at!).getTime() - now) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(29.9);
    expect(daysLeft).toBeLessThan(30.1);
    await refundOrder(actors.admin!, { orderId: second.id, reason: '投诉', override: true });
    expect((await getPeriodState(m.id, 'vip')).active).toBe(false);
  });
});

describe('refundOrder: refusals write nothing', () => {
  it('coins already spent on a chapter: refused, with the balance in the message', async () => {
    const m = await signedInMember();
    const { order } = await paidOrder(m.id, '600书币');
    const [chapter] = await db
      .handle()
      .db.select({ id: chapters.id, novelId: chapters.novelId, price: chapters.price })
      .from(chapters)
      .innerJoin(novels, eq(novels.id, chapters.novelId))
      .where(and(eq(chapters.isFree, false), sql`${chapters.price} > 0`, eq(novels.saleMode, 'chapter'), eq(novels.isOffShelf, false)))
      .limit(1);
    await buyChapter(m.id, chapter!.novelId, chapter!.id);
    const left = (await getBalance(m.id)).welth;
    expect(left).toBeLessThan(600);
    await expect(refundOrder(actors.finance!, { orderId: order.id, reason: '退款', override: true })).rejects.toMatchObject({
      status: 409,
      message: `该订单充值的 600 书币已被使用（当前余额 ${left}），不能退款`,
    });
    await expectNothingWritten(order.id);
    expect((await getBalance(m.id)).welth).toBe(left);
  });

  it('bonus vouchers of the order already spent: refused', async () => {
    const m = await signedInMember();
    const { order } = await paidOrder(m.id, '5000书币');
    // Vouchers go first in any spend: 50 of the order's bonus vouchers are used.
    await getDb().transaction((tx) => spend(tx as unknown as Tx, m.id, 50, { kind: 'lottery', reference: 'test' }));
    await expect(refundOrder(actors.finance!, { orderId: order.id, reason: '退款', override: true })).rejects.toMatchObject({
      status: 409,
      message: '该订单赠送的书券已使用 50 张，不能退款',
    });
    await expectNothingWritten(order.id);
  });

  it('an unpaid or cancelled order, a missing one, and a second refund are refused', async () => {
    const m = await signedInMember();
    const pack = await productNamed('短剧VIP月卡');
    const pending = await createOrder(m.id, pack.id, {});
    await expect(refundOrder(actors.finance!, { orderId: pending.id, reason: 'x', override: false })).rejects.toMatchObject({
      status: 409,
      message: '只有已支付的订单可以退款',
    });
    await cancelOrder(pending.id, m.id);
    await expect(refundOrder(actors.finance!, { orderId: pending.id, reason: 'x', override: false })).rejects.toMatchObject({
      status: 409,
    });
    await expect(refundOrder(actors.finance!, { orderId: 2_000_000_000, reason: 'x', override: false })).rejects.toMatchObject({
      status: 404,
    });
    const { order } = await paidOrder(m.id, '短剧VIP月卡');
    await refundOrder(actors.finance!, { orderId: order.id, reason: 'x', override: false });
    await expect(refundOrder(actors.finance!, { orderId: order.id, reason: 'x', override: false })).rejects.toMatchObject({
      status: 409,
      message: '该订单已退款',
    });
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('a moderator or an editor cannot refund', async () => {
    const m = await signedInMember();
    const { order } = await paidOrder(m.id, '永久去广告');
    for (const role of ['moderator', 'editor']) {
      await expect(refundOrder(actors[role]!, { orderId: order.id, reason: 'x', override: true })).rejects.toMatchObject({ status: 403 });
    }
    await expectNothingWritten(order.id);
  });
});

describe('refunds race', () => {
  it('ten parallel refunds of one order: one refund, nine told it is already refunded', async () => {
    const m = await signedInMember();
    const { order, product } = await paidOrder(m.id, '5000书币');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => refundOrderOnce(actors.finance!, { orderId: order.id, reason: '并发', override: true })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, message: '该订单已退款' });
    }
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await refundMoves(order.id)).toHaveLength(1);
    expect(await auditRows(order.id)).toHaveLength(1);
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
    expect(product.welth).toBeGreaterThan(0);
  });
});

describe('refundPaymentException: a payment taken for a cancelled order', () => {
  it('is returned once, audited, and never credits anything', async () => {
    const m = await signedInMember();
    const pack = await productNamed('600书币');
    const order = await createOrder(m.id, pack.id, {});
    await cancelOrder(order.id, m.id);
    const late = await handlePaymentNotification('sandbox', signSandboxNotification(order.id, order.price));
    expect(late).toMatchObject({ refund_due: true, credited: false });
    const [exception] = await db.handle().db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, order.id));
    await expect(refundPaymentException(actors.moderator!, exception!.id, '')).rejects.toMatchObject({ status: 403 });
    expect(await refundPaymentException(actors.finance!, exception!.id, '取消后付款')).toEqual({ orderId: order.id, amount: order.price });
    await expect(refundPaymentException(actors.finance!, exception!.id, '')).rejects.toMatchObject({ status: 409 });
    const [after] = await db.handle().db.select().from(paymentExceptions).where(eq(paymentExceptions.id, exception!.id));
    expect(after!.refundStatus).toBe('refunded');
    const audits = await db
      .handle()
      .db.select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'order.exception_refund'), eq(staffAuditLog.targetId, order.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({ before: { refund_status: 'due' }, after: { refund_status: 'refunded' } });
    expect(await getBalance(m.id)).toEqual({ welth: 0, welth_coupon: 0 });
  });
});

describe('the ledger audit after all of the above', () => {
  it('finds every refund, refusal and race above healthy', async () => {
    expect(await auditLedger()).toEqual([]);
  });
});
