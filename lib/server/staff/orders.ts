import 'server-only';
import { and, count, desc, eq, gte, inArray, lt, sql, sum, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { members, orderRefunds, orders, paymentExceptions, paymentNotifications, products, staffUsers } from '../db/schema';
import { maskPhone } from '../members/lookup';
import { NON_REFUNDABLE_KINDS } from '../wallet/refunds';
import { assertCan, type StaffActor } from '../core/actor';
import { latePaymentsBetween, paidBetween, refundRecordsBetween, type RefundState } from './money-report';

/** The console's order search and order page (docs/wallet.md "Refunds"): finance and admin. */

export const ORDER_PAGE_SIZE = 30;
export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'cancelled', 'expired', 'rejected'] as const;

export interface OrderFilter {
  orderId?: number;
  memberId?: number;
  status?: string;
  /** [from, to) instants (the page turns Shanghai days into them). */
  from?: Date;
  to?: Date;
  /** The money report's filters (docs/console.md "Money report"): each lists the orders behind one of its figures. */
  provider?: string;
  /** Paid in [start, end): the period's takings. */
  paid?: Span;
  /** A payment for the already closed order arrived in [start, end). */
  late?: Span;
  /** Refunded in [start, end) (a staff refund, or a late payment returned), optionally only refunds in that state. */
  refunded?: Span & { state?: RefundState };
  page?: number;
}

interface Span {
  start: Date;
  end: Date;
}

export interface OrderListRow {
  id: number;
  memberId: number;
  nickname: string | null;
  productName: string;
  productType: string;
  price: number;
  status: string;
  provider: string;
  discount: number;
  createdAt: Date;
  paidAt: Date | null;
}

function whereOf(filter: OrderFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.orderId !== undefined) where.push(eq(orders.id, filter.orderId));
  if (filter.memberId !== undefined) where.push(eq(orders.memberId, filter.memberId));
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.from) where.push(gte(orders.createdAt, filter.from));
  if (filter.to) where.push(lt(orders.createdAt, filter.to));
  if (filter.provider) where.push(eq(orders.provider, filter.provider));
  if (filter.paid) where.push(paidBetween(filter.paid.start, filter.paid.end));
  if (filter.late) where.push(sql`${orders.id} in (select order_id from (${latePaymentsBetween(filter.late.start, filter.late.end)}) l)`);
  if (filter.refunded) {
    const { start, end, state } = filter.refunded;
    where.push(
      sql`${orders.id} in (select order_id from (${refundRecordsBetween(start, end)}) r ${state ? sql`where state = ${state}` : sql``})`,
    );
  }
  return where.length ? and(...where) : undefined;
}

/**
 * How many orders the filter finds and what they cost, over every page: beside a money report figure it shows that
 * the list adds up to it (a refund and a returned late payment are always the whole order's price).
 */
export async function orderTotals(actor: StaffActor, filter: OrderFilter): Promise<{ count: number; cents: number }> {
  assertCan(actor, 'orders');
  const [row] = await getDb()
    .select({ n: count(), cents: sum(orders.price) })
    .from(orders)
    .where(whereOf(filter));
  return { count: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
}

/** Newest first, ORDER_PAGE_SIZE a page; `hasMore` when another page follows. */
export async function searchOrders(actor: StaffActor, filter: OrderFilter): Promise<{ rows: OrderListRow[]; hasMore: boolean }> {
  assertCan(actor, 'orders');
  const page = Math.max(1, filter.page ?? 1);
  const rows = await getDb()
    .select({
      id: orders.id,
      memberId: orders.memberId,
      nickname: members.nickname,
      productName: products.name,
      productType: products.productType,
      price: orders.price,
      status: orders.status,
      provider: orders.provider,
      discount: orders.discount,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(members, eq(members.id, orders.memberId))
    .where(whereOf(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_PAGE_SIZE + 1)
    .offset((page - 1) * ORDER_PAGE_SIZE);
  return { rows: rows.slice(0, ORDER_PAGE_SIZE), hasMore: rows.length > ORDER_PAGE_SIZE };
}

/** One order with what the provider told us about it, its refund or its refund-due payment. */
export async function orderForConsole(actor: StaffActor, id: number) {
  assertCan(actor, 'orders');
  const db = getDb();
  const [row] = await db
    .select({ o: orders, p: products, nickname: members.nickname, phone: members.phone })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(members, eq(members.id, orders.memberId))
    .where(eq(orders.id, id));
  if (!row) return null;
  const [notifications, refunds, exceptions] = await Promise.all([
    db
      .select({
        id: paymentNotifications.id,
        notificationId: paymentNotifications.notificationId,
        provider: paymentNotifications.provider,
        payload: paymentNotifications.payload,
        receivedAt: paymentNotifications.receivedAt,
      })
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, id))
      .orderBy(paymentNotifications.id),
    db
      .select({ r: orderRefunds, staff: staffUsers.displayName })
      .from(orderRefunds)
      .leftJoin(staffUsers, eq(staffUsers.id, orderRefunds.staffId))
      .where(eq(orderRefunds.orderId, id)),
    db.select().from(paymentExceptions).where(eq(paymentExceptions.orderId, id)),
  ]);
  return {
    order: row.o,
    product: row.p,
    member: { id: row.o.memberId, nickname: row.nickname, phone: maskPhone(row.phone) },
    /** Recharges and VIP are not refunded by policy: the form asks for the override. */
    needsOverride: NON_REFUNDABLE_KINDS.includes(row.p.productType),
    notifications: notifications.map((n) => ({ ...n, amount: (n.payload as { amount?: number }).amount ?? null })),
    refund: refunds[0] ? { ...refunds[0].r, staffName: refunds[0].staff } : null,
    exception: exceptions[0] ?? null,
  };
}

/** Payments taken but not fulfilled, still due back to the payer (flagged by payment-exceptions.ts), oldest first. */
export async function dueExceptions(actor: StaffActor, limit = 50) {
  assertCan(actor, 'orders');
  return getDb()
    .select({
      id: paymentExceptions.id,
      orderId: paymentExceptions.orderId,
      memberId: orders.memberId,
      amount: paymentExceptions.amount,
      reason: paymentExceptions.reason,
      createdAt: paymentExceptions.createdAt,
    })
    .from(paymentExceptions)
    .innerJoin(orders, eq(orders.id, paymentExceptions.orderId))
    .where(eq(paymentExceptions.refundStatus, 'due'))
    .orderBy(paymentExceptions.id)
    .limit(limit);
}

export interface ProviderRefundRow {
  orderId: number;
  memberId: number;
  amount: number;
  /** 'pending' | 'failed' */
  status: string;
  at: Date | null;
  /** A staff refund of the order, or the return of a payment it never fulfilled. */
  kind: 'refund' | 'exception';
}

/**
 * Refunds the provider has not reported settled (docs/payments.md "Refund outcomes"): still pending there, or failed
 * and waiting for staff to return the money by hand. Failed first, then oldest first.
 */
export async function providerRefundsToCheck(actor: StaffActor, limit = 50): Promise<ProviderRefundRow[]> {
  assertCan(actor, 'orders');
  const open = ['pending', 'failed'];
  const db = getDb();
  const [refunds, exceptions] = await Promise.all([
    db
      .select({
        orderId: orderRefunds.orderId,
        memberId: orderRefunds.memberId,
        amount: orderRefunds.amount,
        status: orderRefunds.providerRefundStatus,
        at: orderRefunds.providerRefundAt,
      })
      .from(orderRefunds)
      .where(inArray(orderRefunds.providerRefundStatus, open))
      .orderBy(orderRefunds.id)
      .limit(limit),
    db
      .select({
        orderId: paymentExceptions.orderId,
        memberId: orders.memberId,
        amount: paymentExceptions.amount,
        status: paymentExceptions.providerRefundStatus,
        at: paymentExceptions.providerRefundAt,
      })
      .from(paymentExceptions)
      .innerJoin(orders, eq(orders.id, paymentExceptions.orderId))
      .where(inArray(paymentExceptions.providerRefundStatus, open))
      .orderBy(paymentExceptions.id)
      .limit(limit),
  ]);
  const rows: ProviderRefundRow[] = [
    ...refunds.map((r) => ({ ...r, status: r.status!, kind: 'refund' as const })),
    ...exceptions.map((r) => ({ ...r, status: r.status!, kind: 'exception' as const })),
  ];
  const rank = (r: ProviderRefundRow) => (r.status === 'failed' ? 0 : 1);
  return rows.sort((a, b) => rank(a) - rank(b) || (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0)).slice(0, limit);
}
