import 'server-only';
import { log } from '../logger';
import { startPeriodic } from '../jobs/periodic';
import { expireVoucherLots } from './expiry';
import { expireStaleOrders } from './orders';
import { expireTicketLots } from './tickets';
import { scheduledLedgerAudit } from './audit-runs';
import { runDueReconciliations } from './reconciliation/run';
import { sweepPendingProviderOrders } from './payments/pending-job';
import { sweepPendingRefunds } from './payments/refund-sweep';

const EVERY_MS = 60_000;
/** The whole-ledger audit, stored for the console (docs/wallet.md "Ledger audit"): one scan of every entry, so not often. */
const AUDIT_EVERY_MS = 6 * 3600_000;
/** The providers' bills (docs/reconciliation.md): looked at hourly, each day reconciled once, from 10:00 Beijing time. */
const RECONCILE_EVERY_MS = 3600_000;

/**
 * One sweep: a real provider's pending orders are asked about and closed at expiry (docs/payments.md "Late
 * notifications and expiry"), and its refunds still pending are asked about; other unpaid orders past 30 minutes expire (their coupon and slot go back); voucher lots past their date
 * expire; ticket lots of a month that has ended lapse (docs/gifts-votes.md "Vote tickets").
 */
export async function runWalletSweep(
  now = new Date(),
): Promise<{ orders: number; lots: number; vouchers: number; ticketLots: number; tickets: number; providerCredited: number }> {
  const provider = await sweepPendingProviderOrders(now);
  const orders = (await expireStaleOrders(now)) + provider.closed;
  const { lots, vouchers } = await expireVoucherLots(now);
  const { lots: ticketLots, tickets } = await expireTicketLots(now);
  const providerCredited = provider.credited;
  // Refunds a provider has not reported on are asked about (docs/payments.md "Refund outcomes").
  const refunds = await sweepPendingRefunds(now);
  if (orders || lots || ticketLots || providerCredited || refunds.queried)
    log('info', 'wallet_sweep', { orders, lots, vouchers, ticketLots, tickets, providerCredited, refundsQueried: refunds.queried });
  return { orders, lots, vouchers, ticketLots, tickets, providerCredited };
}

/** Runs the sweep every minute in the server process (once, however often Next loads this module). */
export function startWalletJobs(): void {
  startPeriodic('wallet_sweep', EVERY_MS, () => runWalletSweep());
  startPeriodic('ledger_audit', AUDIT_EVERY_MS, () => scheduledLedgerAudit());
  startPeriodic('payment_reconciliation', RECONCILE_EVERY_MS, () => runDueReconciliations());
}
