import 'server-only';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { orders } from '../../db/schema';
import { log } from '../../logger';
import { creditProviderPayment } from '../notifications';
import { closeOrder } from '../orders';
import { realProviders } from './provider';

/** A notification later than this is chased with a query (docs/payments.md "Late notifications and expiry"). */
export const QUERY_AFTER_MS = 3 * 60_000;

export interface PendingSweep {
  queried: number;
  credited: number;
  closed: number;
  failed: number;
}

/**
 * One pass over pending orders of configured real providers older than QUERY_AFTER_MS: the provider is asked, a
 * payment it reports is credited once (the notification may still come: it is then a replay); an unpaid order past
 * its expiry is closed at the provider first, then expired here, so it can no longer be paid. A provider that
 * cannot be reached leaves the order pending for the next pass: it may still be paid, and is then credited.
 */
export async function sweepPendingProviderOrders(now = new Date()): Promise<PendingSweep> {
  const providers = realProviders();
  const result: PendingSweep = { queried: 0, credited: 0, closed: 0, failed: 0 };
  if (!providers.length) return result;
  const pending = await getDb()
    .select({ id: orders.id, provider: orders.provider, expiresAt: orders.expiresAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        inArray(
          orders.provider,
          providers.map((p) => p.name),
        ),
        lte(orders.createdAt, new Date(now.getTime() - QUERY_AFTER_MS)),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(200);
  for (const order of pending) {
    const provider = providers.find((p) => p.name === order.provider)!;
    try {
      result.queried += 1;
      const state = await provider.query(order.id);
      if (state.state === 'paid') {
        const outcome = await creditProviderPayment(
          provider.name,
          state.payment,
          { trade_no: state.payment.tradeNo, source: 'query' },
          now,
        );
        if (outcome.credited) result.credited += 1;
        continue;
      }
      if (order.expiresAt > now) continue;
      if (state.state === 'unpaid') await provider.close(order.id);
      if (await getDb().transaction((tx) => closeOrder(tx, order.id, 'expired', now))) result.closed += 1;
    } catch (err) {
      result.failed += 1;
      log('warn', 'provider_pending_check_failed', {
        provider: provider.name,
        orderId: order.id,
        err: err instanceof Error ? err.message : 'unknown',
      });
    }
  }
  return result;
}
