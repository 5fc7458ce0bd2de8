import 'server-only';
import { log } from '../../logger';
import { creditProviderPayment } from '../notifications';
import { cancelOrder, getOrderOrThrow, type OrderDto } from '../orders';
import type { PayContext, PayStart, RealProvider } from './contract';
import { REAL_PROVIDER_NAMES, realProviderNamed } from './provider';

/**
 * The payer's own order of this provider, or null: another member's order, another provider's, or an unknown
 * provider name all look missing (ids are sequential; docs/payments.md "The pay page").
 */
export async function payerOrder(providerName: string, orderId: number, memberId: number): Promise<OrderDto | null> {
  if (!REAL_PROVIDER_NAMES.includes(providerName)) return null;
  const order = await getOrderOrThrow(orderId, memberId).catch(() => null);
  return order && order.pay_url === `/pay/${providerName}/${orderId}` ? order : null;
}

export type StartOutcome = { ok: true; start: PayStart } | { ok: false; reason: 'provider' | 'provider_failed' };

/** Starts paying a pending order at its provider: refused where the provider cannot take this payer's money. */
export async function startProviderPayment(providerName: string, order: OrderDto, ctx: PayContext): Promise<StartOutcome> {
  const provider = realProviderNamed(providerName);
  if (!provider || !provider.offeredIn(ctx)) return { ok: false, reason: 'provider' };
  try {
    return { ok: true, start: await provider.start({ id: order.id, amount: order.price, subject: order.product.name }, ctx) };
  } catch (err) {
    log('warn', 'provider_start_failed', {
      provider: providerName,
      orderId: order.id,
      err: err instanceof Error ? err.message : 'unknown',
    });
    return { ok: false, reason: 'provider_failed' };
  }
}

async function askProvider(provider: RealProvider, orderId: number): Promise<'paid' | 'unpaid' | 'closed' | 'unknown'> {
  try {
    const state = await provider.query(orderId);
    if (state.state === 'paid')
      await creditProviderPayment(provider.name, state.payment, { trade_no: state.payment.tradeNo, source: 'query' });
    return state.state;
  } catch (err) {
    log('warn', 'provider_query_failed', { provider: provider.name, orderId, err: err instanceof Error ? err.message : 'unknown' });
    return 'unknown';
  }
}

/**
 * The return page's look at a pending order: the payer is back before the notification may be, so the provider
 * is asked and a payment it reports is credited once (the notification then is a replay).
 */
export async function settlePendingOrder(providerName: string, order: OrderDto, memberId: number): Promise<OrderDto> {
  const provider = realProviderNamed(providerName);
  if (!provider || order.status !== 'pending') return order;
  await askProvider(provider, order.id);
  return getOrderOrThrow(order.id, memberId);
}

/**
 * The payer gives up: a payment the provider already took is credited instead; otherwise the order is closed at
 * the provider (so it can no longer be paid there) and cancelled here. When the provider cannot be reached the
 * order stays pending: cancelling it here could leave a payment the payer still completes flagged for refund.
 */
export async function cancelProviderOrder(providerName: string, orderId: number, memberId: number, now = new Date()): Promise<OrderDto> {
  const provider = realProviderNamed(providerName);
  const order = await getOrderOrThrow(orderId, memberId);
  if (!provider || order.status !== 'pending') return order;
  const state = await askProvider(provider, orderId);
  if (state === 'paid' || state === 'unknown') return getOrderOrThrow(orderId, memberId);
  if (state === 'unpaid') {
    try {
      await provider.close(orderId);
    } catch (err) {
      log('warn', 'provider_close_failed', { provider: providerName, orderId, err: err instanceof Error ? err.message : 'unknown' });
      return order;
    }
  }
  return cancelOrder(orderId, memberId, now);
}
