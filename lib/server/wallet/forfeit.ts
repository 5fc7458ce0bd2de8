import 'server-only';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ticketLots, voucherLots, walletAccounts } from '../db/schema';
import { ensureMemberAccount, ensureSystemAccount, type Currency } from './accounts';
import { postMovement, type Leg } from './ledger';

/** The system account that takes what a cancelled account held (docs/wallet.md "Cancelled accounts"). */
export const FORFEIT_ACCOUNT = 'forfeit';

export interface Forfeited {
  welth: number;
  welth_coupon: number;
  ticket: number;
}

/**
 * Takes everything a member holds when their account is cancelled (docs/account-cancellation.md "Completion"): coins,
 * what is left of every voucher lot and every ticket lot leave for the `forfeit` system account, one `cancel_forfeit`
 * movement per currency keyed by the member (a second completion finds them and writes nothing). Voucher and ticket
 * legs name their lots and the lots are set to 0, so the ledger audit's lot checks hold. Runs in the caller's
 * transaction; the member's accounts and lots are locked first, as a spend locks them.
 */
export async function forfeitWallet(tx: Tx, memberId: number, now = new Date()): Promise<Forfeited> {
  const out: Forfeited = { welth: 0, welth_coupon: 0, ticket: 0 };
  const coins = await ensureMemberAccount(tx, memberId, 'welth');
  const vouchers = await ensureMemberAccount(tx, memberId, 'welth_coupon');
  const tickets = await ensureMemberAccount(tx, memberId, 'ticket');
  const accounts = await tx
    .select({ id: walletAccounts.id, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(eq(walletAccounts.memberId, memberId))
    .orderBy(asc(walletAccounts.id))
    .for('update');
  const balanceOf = (id: number) => accounts.find((a) => a.id === id)?.balance ?? 0;

  const post = async (currency: Currency, memberLegs: Leg[]) => {
    const amount = -memberLegs.reduce((sum, leg) => sum + leg.amount, 0);
    if (amount <= 0) return;
    const system = await ensureSystemAccount(tx, FORFEIT_ACCOUNT, currency, memberId);
    await postMovement(tx, {
      kind: 'cancel_forfeit',
      memberId,
      idempotencyKey: `member:${memberId}:${currency}`,
      reference: `member:${memberId}`,
      legs: [...memberLegs, { accountId: system, currency, amount }],
    });
    out[currency] = amount;
  };

  await post('welth', [{ accountId: coins, currency: 'welth', amount: -balanceOf(coins) }]);

  const vLots = await tx
    .select({ id: voucherLots.id, remaining: voucherLots.remaining })
    .from(voucherLots)
    .where(and(eq(voucherLots.memberId, memberId), gt(voucherLots.remaining, 0)))
    .orderBy(asc(voucherLots.id))
    .for('update');
  await post(
    'welth_coupon',
    vLots.map((l) => ({ accountId: vouchers, currency: 'welth_coupon' as const, amount: -l.remaining, lotId: l.id })),
  );
  for (const l of vLots) await tx.update(voucherLots).set({ remaining: 0, expiredAt: now }).where(eq(voucherLots.id, l.id));

  const tLots = await tx
    .select({ id: ticketLots.id, remaining: ticketLots.remaining })
    .from(ticketLots)
    .where(and(eq(ticketLots.memberId, memberId), gt(ticketLots.remaining, 0)))
    .orderBy(asc(ticketLots.id))
    .for('update');
  await post(
    'ticket',
    tLots.map((l) => ({ accountId: tickets, currency: 'ticket' as const, amount: -l.remaining, lotId: l.id })),
  );
  for (const l of tLots) await tx.update(ticketLots).set({ remaining: 0, expiredAt: now }).where(eq(ticketLots.id, l.id));
  return out;
}
