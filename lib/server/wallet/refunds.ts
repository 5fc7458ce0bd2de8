import 'server-only';
import { and, eq, gt, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { getDb, type Tx } from '../db/client';
import {
  ledgerEntries,
  ledgerTransactions,
  orderRefunds,
  orders,
  paymentExceptions,
  vipPeriods,
  voucherLots,
  walletAccounts,
} from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { log } from '../logger';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { postMovement, type Leg } from './ledger';
import { lockOrder } from './notifications';
import { lockMemberWallet } from './spend';
import { providerNamed } from './payments/provider';

const E = MONEY_TEXT.errors;

/** Product kinds that are not refunded by policy (docs/wallet.md "Refunds"): staff may override with a reason. */
export const NON_REFUNDABLE_KINDS: readonly string[] = ['recharge', 'vip'];

/** The movements a paid order made (docs/wallet.md "Ledger"): all keyed `order:<id>`. */
const ORDER_KINDS = ['recharge', 'recharge_bonus', 'recharge_extra'];

export interface RefundInput {
  orderId: number;
  reason: string;
  /** Staff's explicit override of the no-refund policy for recharges and VIP. */
  override: boolean;
}

export interface RefundResult {
  refundId: number;
  orderId: number;
  memberId: number;
  amount: number;
  coins: number;
  vouchers: number;
  periodsEnded: number;
}

interface LotToTake {
  id: number;
  remaining: number;
  systemAccountId: number;
}

/**
 * What the order put into the member's wallet, read back from the ledger (not from the product, which staff may
 * have edited since): the coins per system account they came from, and the voucher lots it granted.
 */
async function creditedByOrder(t: Tx, orderId: number, memberId: number) {
  const key = `order:${orderId}`;
  const entries = await t
    .select({
      txId: ledgerEntries.txId,
      accountId: ledgerEntries.accountId,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
      memberId: walletAccounts.memberId,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txId))
    .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerTransactions.idempotencyKey, key), inArray(ledgerTransactions.kind, ORDER_KINDS)));
  // Coins: each system account's leg, to be paid back to it.
  const coinSources = new Map<number, number>();
  let coins = 0;
  const voucherSource = new Map<number, number>();
  for (const e of entries) {
    if (e.currency === 'welth' && e.memberId === null) {
      coinSources.set(e.accountId, (coinSources.get(e.accountId) ?? 0) - e.amount);
      coins -= e.amount;
    }
    if (e.currency === 'welth_coupon' && e.memberId === null) voucherSource.set(e.txId, e.accountId);
  }
  const txIds = [...new Set(entries.map((e) => e.txId))];
  const lots = txIds.length
    ? await t
        .select({ id: voucherLots.id, amount: voucherLots.amount, remaining: voucherLots.remaining, txId: voucherLots.txId })
        .from(voucherLots)
        .where(and(inArray(voucherLots.txId, txIds), eq(voucherLots.memberId, memberId)))
        .for('update')
    : [];
  return { coins, coinSources, lots, voucherSource };
}

/** Vouchers of these lots that a purchase took (what expiry took was never the member's to spend). */
async function vouchersSpentFrom(t: Tx, lotIds: number[]): Promise<number> {
  if (!lotIds.length) return 0;
  const [row] = await t
    .select({ spent: sql<number>`coalesce(sum(-${ledgerEntries.amount}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txId))
    .innerJoin(walletAccounts, eq(walletAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        inArray(ledgerEntries.lotId, lotIds),
        eq(ledgerEntries.currency, 'welth_coupon'),
        sql`${walletAccounts.memberId} is not null`,
        ne(ledgerTransactions.kind, 'expiry'),
        sql`${ledgerEntries.amount} < 0`,
      ),
    );
  return row?.spent ?? 0;
}

/**
 * Ends the periods the order granted: one already running stops now, one stacked to start later never starts
 * (its end is set to its start). Periods stacked after it move earlier by the days taken away, so a member who
 * bought two months and returns the first is not left with a gap before the second.
 */
async function endOrderPeriods(t: Tx, orderId: number, now: Date): Promise<number> {
  const live = await t
    .select({
      id: vipPeriods.id,
      memberId: vipPeriods.memberId,
      kind: vipPeriods.kind,
      startsAt: vipPeriods.startsAt,
      endsAt: vipPeriods.endsAt,
    })
    .from(vipPeriods)
    .where(and(eq(vipPeriods.orderId, orderId), or(isNull(vipPeriods.endsAt), gt(vipPeriods.endsAt, now))));
  for (const p of live) {
    const newEnd = p.startsAt > now ? p.startsAt : now;
    await t.update(vipPeriods).set({ endsAt: newEnd }).where(eq(vipPeriods.id, p.id));
    if (!p.endsAt) continue;
    const removedMs = p.endsAt.getTime() - newEnd.getTime();
    await t
      .update(vipPeriods)
      .set({
        startsAt: sql`${vipPeriods.startsAt} - make_interval(secs => ${removedMs / 1000})`,
        endsAt: sql`${vipPeriods.endsAt} - make_interval(secs => ${removedMs / 1000})`,
      })
      .where(
        and(eq(vipPeriods.memberId, p.memberId), eq(vipPeriods.kind, p.kind), gte(vipPeriods.startsAt, p.endsAt), ne(vipPeriods.id, p.id)),
      );
  }
  return live.length;
}

/**
 * Refunds a paid order in full (docs/wallet.md "Refunds"), in one transaction with the member and the order
 * locked as fulfilment locks them: the coins, bonus coins and bonus vouchers the order credited go back to the
 * system accounts they came from in one balanced `refund` movement, the periods it granted (VIP, short drama,
 * ad-free) end, the provider returns the money, the order becomes `refunded` and the audit row is written.
 * Refused, with nothing written: an order that is not paid or already refunded; a recharge or VIP without the
 * override; coins the member no longer holds; bonus vouchers of the order already spent. One refund row per order
 * (unique), so a double click or racing requests refund once; the loser is told the order is already refunded.
 */
export async function refundOrder(actor: StaffActor, input: RefundInput, now = new Date()): Promise<RefundResult> {
  assertCan(actor, 'refunds');
  const result = await getDb().transaction(async (t) => {
    const row = await lockOrder(t, input.orderId);
    if (!row) throw notFound(E.orderMissing);
    const { o: order, p: product } = row;
    if (order.status === 'refunded') throw new ApiError(CODES.conflict, E.alreadyRefunded);
    if (order.status !== 'paid') throw new ApiError(CODES.conflict, E.notPaid);
    const override = NON_REFUNDABLE_KINDS.includes(product.productType);
    if (override && !input.override) throw new ApiError(CODES.validation, E.nonRefundable);

    // The wallet before the lots, as spend() takes them, so a purchase racing the refund queues instead of deadlocking.
    const wallet = await lockMemberWallet(t, order.memberId);
    const credited = await creditedByOrder(t, order.id, order.memberId);
    if (credited.coins > wallet.coins) throw new ApiError(CODES.conflict, E.coinsSpent(credited.coins, wallet.coins));
    const spent = await vouchersSpentFrom(
      t,
      credited.lots.map((l) => l.id),
    );
    if (spent > 0) throw new ApiError(CODES.conflict, E.vouchersSpent(spent));

    const legs: Leg[] = [];
    if (credited.coins > 0) {
      legs.push({ accountId: wallet.coinAccount, currency: 'welth', amount: -credited.coins });
      for (const [accountId, amount] of credited.coinSources) legs.push({ accountId, currency: 'welth', amount });
    }
    const lotsToTake: LotToTake[] = credited.lots
      .filter((l) => l.remaining > 0)
      .map((l) => ({ id: l.id, remaining: l.remaining, systemAccountId: credited.voucherSource.get(l.txId)! }));
    let vouchers = 0;
    for (const lot of lotsToTake) {
      vouchers += lot.remaining;
      legs.push({ accountId: wallet.voucherAccount, currency: 'welth_coupon', amount: -lot.remaining, lotId: lot.id });
      legs.push({ accountId: lot.systemAccountId, currency: 'welth_coupon', amount: lot.remaining, lotId: lot.id });
    }
    const key = `order:${order.id}`;
    const movement = await postMovement(t, {
      kind: 'refund',
      memberId: order.memberId,
      idempotencyKey: key,
      reference: key,
      meta: { order_id: order.id, staff_id: actor.id },
      legs,
    });
    for (const lot of lotsToTake) await t.update(voucherLots).set({ remaining: 0 }).where(eq(voucherLots.id, lot.id));
    const periodsEnded = await endOrderPeriods(t, order.id, now);

    // The unique index on order_id is the last word on "once": a racing twin that got past the status check fails here.
    const [refund] = await t
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        memberId: order.memberId,
        staffId: actor.id,
        amount: order.price,
        reason: input.reason,
        override: override && input.override,
        reversed: { coins: credited.coins, vouchers, periods_ended: periodsEnded },
        txId: movement.id,
        createdAt: now,
      })
      .returning({ id: orderRefunds.id });
    await t
      .update(orders)
      .set({ status: 'refunded' })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'paid')));
    // Last, so a refusal by the provider rolls everything back; the provider is keyed by the order, so a retry is safe.
    const { ref, settled } = await providerNamed(order.provider)
      .refund(order.id, order.price, order.price)
      .catch((err: unknown) => {
        log('warn', 'provider_refund_failed', { orderId: order.id, err });
        throw new ApiError(CODES.conflict, E.providerFailed);
      });
    await t
      .update(orderRefunds)
      .set({ providerRefundRef: ref, ...providerRefundState(settled, now) })
      .where(eq(orderRefunds.id, refund!.id));
    await writeAudit(t, {
      staffId: actor.id,
      action: 'order.refund',
      targetType: 'order',
      targetId: order.id,
      ip: actor.ip,
      detail: {
        member_id: order.memberId,
        product_type: product.productType,
        amount: order.price,
        reason: input.reason,
        override: override && input.override,
        before: { status: 'paid', coins: wallet.coins },
        after: { status: 'refunded', coins: wallet.coins - credited.coins },
        reversed: { coins: credited.coins, vouchers, periods_ended: periodsEnded },
        provider_ref: ref,
      },
    });
    return {
      refundId: refund!.id,
      orderId: order.id,
      memberId: order.memberId,
      amount: order.price,
      coins: credited.coins,
      vouchers,
      periodsEnded,
    };
  });
  log('info', 'order_refunded', { orderId: result.orderId, staffId: actor.id, amount: result.amount });
  return result;
}

/**
 * What the provider's refund answer says of the money (docs/payments.md "Refund outcomes"): back already, or pending
 * until its notification or a query says; nothing for the sandbox, which holds no money.
 */
function providerRefundState(settled: boolean | null, now: Date) {
  if (settled === null) return { providerRefundStatus: null, providerRefundAt: null };
  return { providerRefundStatus: settled ? 'settled' : 'pending', providerRefundAt: now };
}

/** Whether a unique-index violation ended the transaction (a racing refund of the same order won). */
export function isDuplicateRefund(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** refundOrder for the console: a race lost on the unique index reads as "already refunded", never a 500. */
export async function refundOrderOnce(actor: StaffActor, input: RefundInput, now = new Date()): Promise<RefundResult> {
  try {
    return await refundOrder(actor, input, now);
  } catch (err) {
    if (isDuplicateRefund(err)) throw new ApiError(CODES.conflict, E.alreadyRefunded);
    throw err;
  }
}

/**
 * Returns a payment that was taken but never fulfilled (paid after cancel or expiry, or refused at fulfilment:
 * payment-exceptions.ts). Nothing was credited, so no ledger movement: the provider returns the money and the
 * exception is marked refunded, once.
 */
export async function refundPaymentException(
  actor: StaffActor,
  exceptionId: number,
  note: string,
): Promise<{ orderId: number; amount: number }> {
  assertCan(actor, 'refunds');
  return getDb().transaction(async (t) => {
    const [row] = await t.select().from(paymentExceptions).where(eq(paymentExceptions.id, exceptionId)).for('update');
    if (!row) throw notFound(E.exceptionMissing);
    if (row.refundStatus !== 'due') throw new ApiError(CODES.conflict, E.exceptionDone);
    const { ref, settled } = await providerNamed(row.provider)
      .refund(row.orderId, row.amount, row.amount)
      .catch(() => {
        throw new ApiError(CODES.conflict, E.providerFailed);
      });
    await t
      .update(paymentExceptions)
      .set({ refundStatus: 'refunded', providerRefundRef: ref, ...providerRefundState(settled, new Date()) })
      .where(eq(paymentExceptions.id, row.id));
    await writeAudit(t, {
      staffId: actor.id,
      action: 'order.exception_refund',
      targetType: 'order',
      targetId: row.orderId,
      ip: actor.ip,
      detail: {
        exception_id: row.id,
        amount: row.amount,
        reason: row.reason,
        note,
        before: { refund_status: 'due' },
        after: { refund_status: 'refunded' },
        provider_ref: ref,
      },
    });
    return { orderId: row.orderId, amount: row.amount };
  });
}
