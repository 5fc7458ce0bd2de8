import 'server-only';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { addBusinessDays, businessDayBounds, businessDayOf, businessHourOf } from '@/lib/shared/business-time';
import { getDb, type Tx } from '../../db/client';
import { orderRefunds, orders, paymentExceptions, paymentReconciliationLines, paymentReconciliations } from '../../db/schema';
import { log } from '../../logger';
import type { RealProvider } from '../payments/contract';
import { REAL_PROVIDERS } from '../payments/real';
import { compareBill, type OurRecord } from './compare';
import { failureText } from './failure';

/** Bills of a day are ready the next morning; before this Beijing hour the previous day is not run. */
export const BILL_READY_HOUR = 10;

/**
 * Our side of one provider's day (docs/reconciliation.md "Our side"): payments taken — paid orders (refunded ones
 * included: they were paid) by `paid_at`, and payments flagged for refund by when they came; refunds — staff refunds of
 * orders by when they were made. Refunds of flagged payments carry no date of their own, so they are matched when the
 * bill names them but never reported missing.
 */
async function ourRecords(t: Tx, provider: string, day: string) {
  const { start: from, end: to } = businessDayBounds(day);
  const paid = await t
    .select({ orderId: orders.id, amount: orders.price })
    .from(orders)
    .where(and(eq(orders.provider, provider), isNotNull(orders.paidAt), gte(orders.paidAt, from), lt(orders.paidAt, to)));
  const flagged = await t
    .select({ orderId: paymentExceptions.orderId, amount: paymentExceptions.amount })
    .from(paymentExceptions)
    .where(and(eq(paymentExceptions.provider, provider), gte(paymentExceptions.createdAt, from), lt(paymentExceptions.createdAt, to)));
  const refunds = await t
    .select({ orderId: orderRefunds.orderId, amount: orderRefunds.amount })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(eq(orders.provider, provider), gte(orderRefunds.createdAt, from), lt(orderRefunds.createdAt, to)));
  return [
    ...paid.map((r) => ({ ...r, kind: 'paid' as const })),
    ...flagged.map((r) => ({ ...r, kind: 'paid' as const })),
    ...refunds.map((r) => ({ ...r, kind: 'refund' as const })),
  ];
}

/** Every record we hold, on any day, for the orders a bill names. */
async function ourRecordsOf(t: Tx, provider: string, orderIds: number[]): Promise<OurRecord[]> {
  if (!orderIds.length) return [];
  const paid = await t
    .select({ orderId: orders.id, amount: orders.price })
    .from(orders)
    .where(and(eq(orders.provider, provider), isNotNull(orders.paidAt), inArray(orders.id, orderIds)));
  const flagged = await t
    .select({ orderId: paymentExceptions.orderId, amount: paymentExceptions.amount, refundStatus: paymentExceptions.refundStatus })
    .from(paymentExceptions)
    .where(and(eq(paymentExceptions.provider, provider), inArray(paymentExceptions.orderId, orderIds)));
  const refunds = await t
    .select({ orderId: orderRefunds.orderId, amount: orderRefunds.amount })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(eq(orders.provider, provider), inArray(orderRefunds.orderId, orderIds)));
  return [
    ...paid.map((r) => ({ ...r, kind: 'paid' as const })),
    ...flagged.map((r) => ({ orderId: r.orderId, amount: r.amount, kind: 'paid' as const })),
    ...flagged.filter((r) => r.refundStatus === 'refunded').map((r) => ({ orderId: r.orderId, amount: r.amount, kind: 'refund' as const })),
    ...refunds.map((r) => ({ ...r, kind: 'refund' as const })),
  ];
}

export interface ReconcileResult {
  provider: string;
  day: string;
  status: 'done' | 'failed' | 'skipped';
  differences: number;
}

/**
 * Reconciles one provider's day: downloads the bill, compares, and stores the run and its differences in one
 * transaction. A day already done is skipped; a failed one (the bill would not download) is recorded and run again.
 */
export async function reconcileDay(provider: RealProvider, day: string, now = new Date()): Promise<ReconcileResult> {
  const db = getDb();
  const [done] = await db
    .select({ id: paymentReconciliations.id })
    .from(paymentReconciliations)
    .where(
      and(
        eq(paymentReconciliations.provider, provider.name),
        eq(paymentReconciliations.day, day),
        eq(paymentReconciliations.status, 'done'),
      ),
    );
  if (done) return { provider: provider.name, day, status: 'skipped', differences: 0 };
  let bill;
  try {
    bill = await provider.bill(day);
  } catch (err) {
    // The reason's code first, for the console's Chinese sentence; the technical message after it.
    const error = failureText(err);
    await db
      .insert(paymentReconciliations)
      .values({ provider: provider.name, day, status: 'failed', error, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [paymentReconciliations.provider, paymentReconciliations.day],
        set: { status: 'failed', error, updatedAt: now },
        setWhere: sql`${paymentReconciliations.status} <> 'done'`,
      });
    log('warn', 'reconciliation_failed', { provider: provider.name, day, error });
    return { provider: provider.name, day, status: 'failed', differences: 0 };
  }
  return db.transaction(async (t) => {
    const oursOfDay = await ourRecords(t, provider.name, day);
    const oursAnyDay = await ourRecordsOf(t, provider.name, [...new Set(bill.map((l) => l.orderId))]);
    const diffs = compareBill(bill, oursOfDay, oursAnyDay);
    const values = {
      status: 'done',
      billLines: bill.length,
      ourRecords: oursOfDay.length,
      differences: diffs.length,
      error: null,
      updatedAt: now,
    };
    const [run] = await t
      .insert(paymentReconciliations)
      .values({ provider: provider.name, day, createdAt: now, ...values })
      .onConflictDoUpdate({
        target: [paymentReconciliations.provider, paymentReconciliations.day],
        set: values,
        // Two servers racing for the same day: the second leaves the first's result alone.
        setWhere: sql`${paymentReconciliations.status} <> 'done'`,
      })
      .returning({ id: paymentReconciliations.id });
    if (!run) return { provider: provider.name, day, status: 'skipped' as const, differences: 0 };
    if (diffs.length)
      await t
        .insert(paymentReconciliationLines)
        .values(diffs.map((d) => ({ ...d, reconciliationId: run.id, provider: provider.name, day, createdAt: now })))
        .onConflictDoNothing();
    if (diffs.length) log('warn', 'reconciliation_differences', { provider: provider.name, day, differences: diffs.length });
    return { provider: provider.name, day, status: 'done' as const, differences: diffs.length };
  });
}

/**
 * The daily job's tick (hourly; a day is done once): from 10:00 Beijing time, yesterday for every configured real
 * provider. With none configured (the sandbox only) there is nothing to reconcile.
 */
export async function runDueReconciliations(
  now = new Date(),
  providers: readonly RealProvider[] = REAL_PROVIDERS,
): Promise<ReconcileResult[]> {
  if (businessHourOf(now) < BILL_READY_HOUR) return [];
  const yesterday = addBusinessDays(businessDayOf(now), -1);
  const results: ReconcileResult[] = [];
  for (const p of providers) if (p.configured()) results.push(await reconcileDay(p, yesterday, now));
  return results;
}
