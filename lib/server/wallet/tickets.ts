import 'server-only';
import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { TICKETS } from '@/lib/shared/rewards';
import type { TicketLotDto, TicketsDto } from '@/lib/shared/dto/rewards';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { memberCoinMonths, ticketLots, vipPeriods, walletAccounts } from '../db/schema';
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
  const [row] = await db
    .select({ coins: memberCoinMonths.coins })
    .from(memberCoinMonths)
    .where(and(eq(memberCoinMonths.memberId, memberId), eq(memberCoinMonths.month, month)));
  return row?.coins ?? 0;
}

/**
 * Adds a spend's coins to the member's month, inside the spend's own statement (a CTE that runs only when the
 * movement `mv` was written), and gives back the month's total with them: a constant cost, however long the member's
 * history. The member's wallet is locked by the caller, so two spends of one member never race on the row.
 */
export const addMonthCoinsSql = (memberId: number, month: string, coins: number) => sql`
    insert into ${memberCoinMonths} (member_id, month, coins) select ${memberId}::int, ${month}::varchar, ${coins}::bigint from mv
    on conflict (member_id, month) do update set coins = ${memberCoinMonths}.coins + excluded.coins
    returning coins`;

/** Tickets this month's coin spending has already granted (the lots of source spend), as a scalar subquery. */
export const spendTicketsGrantedSql = (memberId: number, month: string) => sql`(
    select coalesce(sum(${ticketLots.amount}), 0)::bigint from ${ticketLots}
    where ${ticketLots.memberId} = ${memberId} and ${ticketLots.source} = 'spend' and ${ticketLots.month} = ${month})`;

/**
 * The grant once the month's coins (this spend included) and the tickets they already earned are known: spend()
 * reads both in the statement that writes the movement, so a purchase that crosses no multiple of 100 costs no
 * statement here.
 */
export async function grantSpendTickets(tx: Tx, memberId: number, now: Date, monthCoins: number, granted: number): Promise<number> {
  const month = businessMonthOf(now);
  const earned = Math.floor(monthCoins / TICKETS.coinsPerTicket);
  const due = earned - granted;
  if (due <= 0) return 0;
  await grantTickets(tx, memberId, { source: 'spend', amount: due, key: `spend:${memberId}:${month}:${earned}` }, now);
  return due;
}

/**
 * The VIP grant's key for a month: names the month's running total, so a grant and its top-up (more VIP days bought
 * later in the month) are each given once however many reads race. Months granted before the rule (`vip:{m}:{month}`)
 * count through their lots, not their key.
 */
export const vipGrantKey = (memberId: number, month: string, total: number) => `vip:${memberId}:${month}:${total}`;

/**
 * Tickets a month's VIP time is worth (docs/gifts-votes.md "Vote tickets"): TICKETS.vipMonthly in proportion to the
 * share of the business month the member's VIP periods cover, rounded to the nearest ticket (half up). A whole
 * month — or 30 days of a 31-day one — gives 3; 1 day gives none, 5 of 30 days 1, 15 days 2, 25 days 3. Before,
 * a 1-day VIP won on the wheel got the full 3.
 */
export function vipTicketsFor(coveredMs: number, monthMs: number): number {
  if (coveredMs <= 0 || monthMs <= 0) return 0;
  return Math.min(TICKETS.vipMonthly, Math.floor((TICKETS.vipMonthly * coveredMs) / monthMs + 0.5));
}

/** How much of `month` the member's VIP periods cover, in ms (stacked periods may touch; overlaps count once). */
export async function vipMsInMonth(db: DbOrTx, memberId: number, month: string): Promise<{ covered: number; total: number }> {
  const { start, end } = businessMonthBounds(month);
  const rows = await db
    .select({ startsAt: vipPeriods.startsAt, endsAt: vipPeriods.endsAt })
    .from(vipPeriods)
    .where(
      and(
        eq(vipPeriods.memberId, memberId),
        eq(vipPeriods.kind, 'vip'),
        lt(vipPeriods.startsAt, end),
        or(isNull(vipPeriods.endsAt), gt(vipPeriods.endsAt, start)),
      ),
    )
    .orderBy(asc(vipPeriods.startsAt));
  let covered = 0;
  let reached = start.getTime();
  for (const r of rows) {
    const from = Math.max(r.startsAt.getTime(), reached);
    const to = Math.min(r.endsAt?.getTime() ?? end.getTime(), end.getTime());
    if (to > from) covered += to - from;
    reached = Math.max(reached, to);
  }
  return { covered, total: end.getTime() - start.getTime() };
}

/** VIP tickets already granted in `month` (the lots of source vip). */
async function vipGrantedIn(db: DbOrTx, memberId: number, month: string): Promise<number> {
  const [row] = await db
    .select({ granted: sql<number>`coalesce(sum(${ticketLots.amount}), 0)`.mapWith(Number) })
    .from(ticketLots)
    .where(and(eq(ticketLots.memberId, memberId), eq(ticketLots.source, 'vip'), eq(ticketLots.month, month)));
  return row?.granted ?? 0;
}

/**
 * The month's VIP grant, given lazily: when the member's tickets are read or they vote, while VIP is active, what the
 * month's VIP time is worth less what was granted already (vipTicketsFor). Inside the caller's transaction; the
 * ticket account's lock comes first, so racing reads see each other's grant.
 */
export async function grantVipTicketsIn(tx: Tx, memberId: number, now: Date): Promise<boolean> {
  if (!(await getPeriodState(memberId, 'vip', tx, now)).active) return false;
  await lockTicketAccount(tx, memberId);
  const month = businessMonthOf(now);
  const granted = await vipGrantedIn(tx, memberId, month);
  if (granted >= TICKETS.vipMonthly) return false;
  const { covered, total } = await vipMsInMonth(tx, memberId, month);
  const due = vipTicketsFor(covered, total);
  if (due <= granted) return false;
  return (await grantTickets(tx, memberId, { source: 'vip', amount: due - granted, key: vipGrantKey(memberId, month, due) }, now)).fresh;
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
 * This month's VIP grant if it is due, in its own short transaction. Cheap when nothing is due: the granted sum, and
 * only below the full grant the month's VIP periods, are read outside any transaction; grantVipTicketsIn checks again
 * under the lock. `vipActive` lets a caller that already knows the member's VIP state skip that read.
 */
export async function grantVipTicketsIfDue(memberId: number, now = new Date(), vipActive?: boolean): Promise<void> {
  if (vipActive === false) return;
  const month = businessMonthOf(now);
  const granted = await vipGrantedIn(getDb(), memberId, month);
  if (granted >= TICKETS.vipMonthly) return;
  const { covered, total } = await vipMsInMonth(getDb(), memberId, month);
  if (vipTicketsFor(covered, total) <= granted) return;
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
