import 'server-only';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { TICKETS } from '@/lib/shared/rewards';
import type { TicketLotDto, TicketsDto } from '@/lib/shared/dto/rewards';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { ticketLots, walletAccounts } from '../db/schema';
import { ensureMemberAccount, ensureSystemAccount } from './accounts';
import { businessMonthBounds, businessMonthOf } from '@/lib/shared/business-time';
import { movementExists, postMovement, type Leg } from './ledger';
import { getPeriodState } from './vip';

export type TicketSource = TicketLotDto['source'];

/**
 * Locks the member's ticket account for the rest of the transaction. Every ticket movement of a member (grant,
 * vote, expiry) takes it first, after the coin and voucher accounts when those are locked too, so the order is
 * always the same and parallel votes, grants and sweeps queue instead of deadlocking or overdrawing.
 */
export async function lockTicketAccount(tx: Tx, memberId: number): Promise<{ accountId: number; balance: number }> {
  const accountId = await ensureMemberAccount(tx, memberId, 'ticket');
  const [row] = await tx
    .select({ balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(eq(walletAccounts.id, accountId))
    .for('update');
  return { accountId, balance: row?.balance ?? 0 };
}

/**
 * Grants tickets as one lot that lapses at the end of the month (Asia/Shanghai): a `ticket_grant` movement from the
 * system account `ticket_grant`, both legs naming the lot, so the ledger proves where every ticket came from. Once
 * per key: a replayed key grants nothing. Runs inside the caller's transaction.
 */
export async function grantTickets(
  tx: Tx,
  memberId: number,
  grant: { source: TicketSource; amount: number; key: string },
  now = new Date(),
): Promise<{ lotId: number | null; fresh: boolean }> {
  if (!Number.isSafeInteger(grant.amount) || grant.amount <= 0) return { lotId: null, fresh: false };
  const { accountId } = await lockTicketAccount(tx, memberId);
  if (await movementExists(tx, 'ticket_grant', grant.key)) return { lotId: null, fresh: false };
  const month = businessMonthOf(now);
  const system = await ensureSystemAccount(tx, 'ticket_grant', 'ticket', memberId);
  // The lot is written first so both legs can name it; its movement id is filled in right after, same transaction.
  const [lot] = await tx
    .insert(ticketLots)
    .values({
      memberId,
      source: grant.source,
      month,
      amount: grant.amount,
      remaining: grant.amount,
      expiresAt: businessMonthBounds(month).end,
      txId: 0,
      createdAt: now,
    })
    .returning({ id: ticketLots.id });
  const { id } = await postMovement(tx, {
    kind: 'ticket_grant',
    memberId,
    idempotencyKey: grant.key,
    reference: `ticket_lot:${lot!.id}`,
    meta: { source: grant.source, month },
    legs: [
      { accountId, currency: 'ticket', amount: grant.amount, lotId: lot!.id },
      { accountId: system, currency: 'ticket', amount: -grant.amount, lotId: lot!.id },
    ],
  });
  await tx.update(ticketLots).set({ txId: id }).where(eq(ticketLots.id, lot!.id));
  return { lotId: lot!.id, fresh: true };
}

/** Coins the member paid (never vouchers) in movements of `month`: what tickets are earned from. */
export async function monthCoinsSpent(db: DbOrTx, memberId: number, month: string): Promise<number> {
  const [row] = await rowsOf<{ coins: string | number }>(
    db,
    sql`
    select coalesce(sum(-e.amount), 0)::bigint as coins
    from ledger_entries e
    join wallet_accounts a on a.id = e.account_id and a.member_id = ${memberId} and a.currency = 'welth'
    join ledger_transactions t on t.id = e.tx_id
    where e.amount < 0 and t.meta->>'coin_month' = ${month}`,
  );
  return Number(row?.coins ?? 0);
}

/**
 * After a spend that took coins: one ticket per TICKETS.coinsPerTicket coins spent this month, less what this
 * month's spending already earned. Called by spend() in the same transaction, so the spend that crosses a multiple
 * of 100 is the one that grants it; the key names the running total, so nothing is granted twice.
 */
export async function earnTicketsFromSpend(tx: Tx, memberId: number, now: Date): Promise<number> {
  const month = businessMonthOf(now);
  const coins = await monthCoinsSpent(tx, memberId, month);
  const earned = Math.floor(coins / TICKETS.coinsPerTicket);
  const [row] = await tx
    .select({ granted: sql<number>`coalesce(sum(${ticketLots.amount}), 0)`.mapWith(Number) })
    .from(ticketLots)
    .where(and(eq(ticketLots.memberId, memberId), eq(ticketLots.source, 'spend'), eq(ticketLots.month, month)));
  const due = earned - (row?.granted ?? 0);
  if (due <= 0) return 0;
  await grantTickets(tx, memberId, { source: 'spend', amount: due, key: `spend:${memberId}:${month}:${earned}` }, now);
  return due;
}

/** The VIP monthly grant's key: one per member and month. */
export const vipGrantKey = (memberId: number, month: string) => `vip:${memberId}:${month}`;

/**
 * The monthly VIP grant, given lazily: when the member's tickets are read or they vote, while VIP is active, once
 * per month (docs/gifts-votes.md "Vote tickets"). Inside the caller's transaction.
 */
export async function grantVipTicketsIn(tx: Tx, memberId: number, now: Date): Promise<boolean> {
  const key = vipGrantKey(memberId, businessMonthOf(now));
  if (await movementExists(tx, 'ticket_grant', key)) return false;
  if (!(await getPeriodState(memberId, 'vip', tx, now)).active) return false;
  return (await grantTickets(tx, memberId, { source: 'vip', amount: TICKETS.vipMonthly, key }, now)).fresh;
}

async function expireTicketLot(tx: Tx, lotId: number, memberId: number, now: Date): Promise<number> {
  const { accountId } = await lockTicketAccount(tx, memberId);
  const [lot] = await tx
    .select({ id: ticketLots.id, remaining: ticketLots.remaining })
    .from(ticketLots)
    .where(and(eq(ticketLots.id, lotId), isNull(ticketLots.expiredAt), lte(ticketLots.expiresAt, now)))
    .for('update');
  if (!lot) return 0;
  if (lot.remaining > 0) {
    const system = await ensureSystemAccount(tx, 'ticket_expiry', 'ticket', memberId);
    await postMovement(tx, {
      kind: 'ticket_expiry',
      memberId,
      idempotencyKey: `lot:${lot.id}`,
      reference: `ticket_lot:${lot.id}`,
      legs: [
        { accountId, currency: 'ticket', amount: -lot.remaining, lotId: lot.id },
        { accountId: system, currency: 'ticket', amount: lot.remaining, lotId: lot.id },
      ],
    });
  }
  await tx.update(ticketLots).set({ remaining: 0, expiredAt: now }).where(eq(ticketLots.id, lot.id));
  return lot.remaining;
}

/**
 * Ticket lots past the end of their month leave through `ticket_expiry` movements keyed by the lot (once however
 * many sweeps race): the wallet job runs it every minute, ticket reads for the member in front of us.
 */
export async function expireTicketLots(now = new Date(), memberId?: number): Promise<{ lots: number; tickets: number }> {
  const due = await getDb()
    .select({ id: ticketLots.id, memberId: ticketLots.memberId })
    .from(ticketLots)
    .where(
      and(
        isNull(ticketLots.expiredAt),
        lte(ticketLots.expiresAt, now),
        memberId === undefined ? undefined : eq(ticketLots.memberId, memberId),
      ),
    )
    .orderBy(asc(ticketLots.expiresAt))
    .limit(1000);
  let tickets = 0;
  for (const lot of due) tickets += await getDb().transaction((tx) => expireTicketLot(tx, lot.id, lot.memberId, now));
  return { lots: due.length, tickets };
}

async function hasTicketLotsToExpire(memberId: number, now: Date): Promise<boolean> {
  const [row] = await getDb()
    .select({ one: sql<number>`1` })
    .from(ticketLots)
    .where(and(eq(ticketLots.memberId, memberId), isNull(ticketLots.expiredAt), lte(ticketLots.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}

/**
 * This month's VIP grant if it is due, in its own short transaction: cheap when already given (one indexed read).
 * `vipActive` lets a caller that already knows the member's VIP state skip that read.
 */
export async function grantVipTicketsIfDue(memberId: number, now = new Date(), vipActive?: boolean): Promise<void> {
  if (vipActive === false || (await movementExists(getDb(), 'ticket_grant', vipGrantKey(memberId, businessMonthOf(now))))) return;
  if (vipActive || (await getPeriodState(memberId, 'vip', getDb(), now)).active)
    await getDb().transaction((tx) => grantVipTicketsIn(tx, memberId, now));
}

/**
 * The member's live ticket balance, as profile, vote status and /v1/my/tickets show it: lapsed lots are expired
 * first and this month's VIP grant is given if due, so a shown balance is always one that can be cast.
 */
export async function liveTickets(memberId: number, now = new Date(), vipActive?: boolean): Promise<number> {
  if (await hasTicketLotsToExpire(memberId, now)) await expireTicketLots(now, memberId);
  await grantVipTicketsIfDue(memberId, now, vipActive);
  const [row] = await getDb()
    .select({ balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.memberId, memberId), eq(walletAccounts.currency, 'ticket')));
  return row?.balance ?? 0;
}

/** GET /v1/my/tickets: the live balance, this month's paid coins and what earns the next ticket, the usable lots. */
export async function getMyTickets(memberId: number, now = new Date()): Promise<TicketsDto> {
  const tickets = await liveTickets(memberId, now);
  const [lots, monthCoins] = await Promise.all([
    getDb()
      .select()
      .from(ticketLots)
      .where(
        and(eq(ticketLots.memberId, memberId), gt(ticketLots.remaining, 0), gt(ticketLots.expiresAt, now), isNull(ticketLots.expiredAt)),
      )
      .orderBy(asc(ticketLots.expiresAt), asc(ticketLots.id)),
    monthCoinsSpent(getDb(), memberId, businessMonthOf(now)),
  ]);
  return {
    tickets,
    month_coins: monthCoins,
    coins_to_next: TICKETS.coinsPerTicket - (monthCoins % TICKETS.coinsPerTicket),
    lots: lots.map((l) => ({
      id: l.id,
      source: l.source as TicketSource,
      amount: l.amount,
      remaining: l.remaining,
      expires_at: l.expiresAt.toISOString(),
    })),
  };
}

/**
 * Takes `amount` tickets for a vote: earliest-expiring lot first (then oldest), never a lapsed one; the legs name
 * the lots. Returns the legs for the member's side and the total usable, or null when short (nothing taken).
 * The caller holds the ticket account lock (lockTicketAccount).
 */
export async function takeTickets(
  tx: Tx,
  memberId: number,
  accountId: number,
  amount: number,
  now: Date,
): Promise<{ legs: Leg[]; usable: number } | { legs: null; usable: number }> {
  const lots = await tx
    .select({ id: ticketLots.id, remaining: ticketLots.remaining })
    .from(ticketLots)
    .where(and(eq(ticketLots.memberId, memberId), gt(ticketLots.remaining, 0), gt(ticketLots.expiresAt, now), isNull(ticketLots.expiredAt)))
    .orderBy(asc(ticketLots.expiresAt), asc(ticketLots.id))
    .for('update');
  const usable = lots.reduce((s, l) => s + l.remaining, 0);
  if (usable < amount) return { legs: null, usable };
  const votes = await ensureSystemAccount(tx, 'votes', 'ticket', memberId);
  let due = amount;
  const legs: Leg[] = [];
  for (const lot of lots) {
    if (due === 0) break;
    const take = Math.min(lot.remaining, due);
    due -= take;
    await tx
      .update(ticketLots)
      .set({ remaining: sql`${ticketLots.remaining} - ${take}` })
      .where(eq(ticketLots.id, lot.id));
    legs.push(
      { accountId, currency: 'ticket', amount: -take, lotId: lot.id },
      { accountId: votes, currency: 'ticket', amount: take, lotId: lot.id },
    );
  }
  return { legs, usable };
}
