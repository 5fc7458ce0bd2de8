import 'server-only';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { orderRefunds, orders, paymentExceptions } from '../../db/schema';
import { log } from '../../logger';
import { realProviders } from './provider';
import { applyRefundNotice } from './refund-notice';

/** A refund still pending this long is asked about (docs/payments.md "Refund outcomes"), then again as often. */
export const REFUND_QUERY_AFTER_MS = 10 * 60_000;
/** At most this many refunds are asked about per pass: a backlog is worked through over the following minutes. */
const PER_PASS = 20;

export interface RefundSweep {
  queried: number;
  settled: number;
  failed: number;
  errors: number;
}

interface PendingRefund {
  orderId: number;
  provider: string;
  ref: string | null;
  kind: 'refund' | 'exception';
  /** When the refund was asked of the provider. */
  refundedAt: Date;
}

async function pendingRefunds(before: Date): Promise<PendingRefund[]> {
  const db = getDb();
  const [refunds, exceptions] = await Promise.all([
    db
      .select({
        orderId: orderRefunds.orderId,
        provider: orders.provider,
        ref: orderRefunds.providerRefundRef,
        refundedAt: orderRefunds.createdAt,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(and(eq(orderRefunds.providerRefundStatus, 'pending'), lte(orderRefunds.providerRefundAt, before)))
      .orderBy(asc(orderRefunds.providerRefundAt))
      .limit(PER_PASS),
    db
      .select({
        orderId: paymentExceptions.orderId,
        provider: paymentExceptions.provider,
        ref: paymentExceptions.providerRefundRef,
        // The exception row keeps no date of its return; the audit row written with it does.
        refundedAt: sql<Date | null>`(select min(a.created_at) from staff_audit_log a
          where a.action = 'order.exception_refund' and a.target_type = 'order' and a.target_id = ${paymentExceptions.orderId})`.mapWith(
          paymentExceptions.createdAt,
        ),
        lastWord: paymentExceptions.providerRefundAt,
      })
      .from(paymentExceptions)
      .where(and(eq(paymentExceptions.providerRefundStatus, 'pending'), lte(paymentExceptions.providerRefundAt, before)))
      .orderBy(asc(paymentExceptions.providerRefundAt))
      .limit(PER_PASS),
  ]);
  return [
    ...refunds.map((r) => ({ ...r, kind: 'refund' as const })),
    ...exceptions.map(({ lastWord, ...r }) => ({
      ...r,
      refundedAt: r.refundedAt ?? lastWord ?? new Date(0),
      kind: 'exception' as const,
    })),
  ].slice(0, PER_PASS);
}

/** A refund the provider still reports pending is asked about again only after REFUND_QUERY_AFTER_MS. */
async function askedAt(r: PendingRefund, now: Date): Promise<void> {
  if (r.kind === 'refund')
    await getDb()
      .update(orderRefunds)
      .set({ providerRefundAt: now })
      .where(and(eq(orderRefunds.orderId, r.orderId), eq(orderRefunds.providerRefundStatus, 'pending')));
  else
    await getDb()
      .update(paymentExceptions)
      .set({ providerRefundAt: now })
      .where(and(eq(paymentExceptions.orderId, r.orderId), eq(paymentExceptions.providerRefundStatus, 'pending')));
}

/**
 * One pass of the refund query (docs/payments.md "Refund outcomes"): refunds still pending REFUND_QUERY_AFTER_MS after
 * their last word are asked about at a provider that has a refund query; what it reports settles or fails them
 * exactly as its notification would (applyRefundNotice), so a notification that never comes is not waited for. An
 * answer naming another refund, or a provider that cannot be reached, changes nothing.
 */
export async function sweepPendingRefunds(now = new Date()): Promise<RefundSweep> {
  const result: RefundSweep = { queried: 0, settled: 0, failed: 0, errors: 0 };
  const providers = realProviders().filter((p) => p.refundStatus);
  if (!providers.length) return result;
  for (const r of await pendingRefunds(new Date(now.getTime() - REFUND_QUERY_AFTER_MS))) {
    const provider = providers.find((p) => p.name === r.provider);
    if (!provider) continue;
    try {
      result.queried += 1;
      const answer = await provider.refundStatus!(r.orderId, r.refundedAt, now);
      // An answer naming another refund is not applied; one naming none (Alipay's "not done or failed") is ours.
      if (answer.ref !== null ? answer.ref !== r.ref : answer.status === 'settled' || !r.ref) throw new Error('refund_ref');
      if (answer.status === 'pending') {
        await askedAt(r, now);
        continue;
      }
      const applied = await applyRefundNotice(
        provider.name,
        { orderId: r.orderId, ref: r.ref!, ok: answer.status === 'settled' },
        now,
        'query',
      );
      if (applied === 'applied') result[answer.status] += 1;
      if (applied === 'applied' && answer.status === 'failed')
        log('warn', 'provider_refund_failed', { provider: provider.name, orderId: r.orderId });
    } catch (err) {
      result.errors += 1;
      log('warn', 'provider_refund_query_failed', {
        provider: provider.name,
        orderId: r.orderId,
        err: err instanceof Error ? err.message : 'unknown',
      });
    }
  }
  return result;
}
