import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { ledgerEntries, ledgerTransactions, voucherLots, walletAccounts } from '../db/schema';
import { assertBalanced, type Leg } from './ledger';
import { addMonthCoinsSql, spendTicketsGrantedSql } from './tickets';

/** The name the movement's row goes by inside the statement: `also` statements take its id with `select mv.id from mv`. */
export const MOVEMENT = sql.raw('mv');

export interface SpendWrite {
  kind: string;
  memberId: number;
  idempotencyKey?: string;
  reference?: string;
  meta: Record<string, unknown>;
  legs: Leg[];
  /** Voucher lots the spend takes from, and how much from each (already locked by the caller). */
  lotTakes: Array<{ id: number; take: number }>;
  /** Rows that belong with the movement and exist only if it does (a purchase's unlock, its fan value). */
  also?: SQL[];
  /** When coins were taken (vote tickets): the month they count for, how many, read back with the month's total. */
  ticketMonth?: { month: string; coins: number };
}

/**
 * Writes a spend in ONE statement (docs/wallet.md "Statements per purchase"): the movement (nothing at all when its
 * (kind, key) exists — the unique index decides, as in postMovement), its entries, the lots it takes from, the
 * balances, and the caller's `also` rows. The accounts are locked in ascending id before they are updated, so the
 * fixed lock order of docs/wallet.md "Ledger" holds inside the statement too; the member's own accounts and lots are
 * already locked by the caller. With `ticketMonth` it also adds the coins to the member's month and returns the
 * month's total with them (`monthCoins`) and the spend tickets granted before this movement (`spendTickets`), so
 * the caller grants any ticket due without another trip. Returns null when the movement existed (nothing written).
 */
export async function writeSpend(tx: Tx, w: SpendWrite): Promise<{ id: number; monthCoins: number; spendTickets: number } | null> {
  assertBalanced(w.legs);
  const legs = w.legs.filter((l) => l.amount !== 0);
  const ctes: SQL[] = [
    sql`mv as (
      insert into ${ledgerTransactions} (kind, member_id, idempotency_key, reference, meta)
      values (${w.kind}, ${w.memberId}, ${w.idempotencyKey ?? null}, ${w.reference ?? null}, ${JSON.stringify(w.meta)}::jsonb)
      on conflict (kind, idempotency_key) do nothing
      returning id)`,
  ];
  if (legs.length) {
    const rows = sql.join(
      legs.map((l) => sql`(${l.accountId}::int, ${l.currency}::varchar, ${l.amount}::bigint, ${l.lotId ?? null}::int)`),
      sql`, `,
    );
    const ids = sql.join(
      [...new Set(legs.map((l) => l.accountId))].sort((a, b) => a - b).map((id) => sql`${id}::int`),
      sql`, `,
    );
    ctes.push(
      sql`legs (account_id, currency, amount, lot_id) as (values ${rows})`,
      sql`entries as (
        insert into ${ledgerEntries} (tx_id, account_id, currency, amount, lot_id)
        select mv.id, legs.account_id, legs.currency, legs.amount, legs.lot_id from mv, legs)`,
      sql`locked as (
        select id from ${walletAccounts} where id in (${ids}) and exists (select 1 from mv) order by id for update)`,
      // One update per account: two legs on one account (vouchers from two lots) must both count.
      sql`balances as (
        update ${walletAccounts} w set balance = w.balance + d.amount
        from (select account_id, sum(amount)::bigint as amount from legs group by account_id) d
        where w.id = d.account_id and w.id in (select id from locked))`,
    );
  }
  if (w.lotTakes.length) {
    const takes = sql.join(
      w.lotTakes.map((t) => sql`(${t.id}::int, ${t.take}::int)`),
      sql`, `,
    );
    ctes.push(
      sql`lots as (
        update ${voucherLots} l set remaining = l.remaining - t.take
        from mv, (values ${takes}) t (id, take) where l.id = t.id)`,
    );
  }
  (w.also ?? []).forEach((statement, i) => ctes.push(sql`${sql.raw(`also_${i}`)} as (${statement})`));
  const tickets = w.ticketMonth;
  if (tickets) ctes.push(sql`coin_month as (${addMonthCoinsSql(w.memberId, tickets.month, tickets.coins)})`);
  const [row] = await rowsOf<{ id: number | null; coins: string | number | null; granted: string | number | null }>(
    tx,
    sql`with ${sql.join(ctes, sql`, `)}
      select (select id from mv) as id,
        ${tickets ? sql`(select coins from coin_month)` : sql`null`} as coins,
        ${tickets ? spendTicketsGrantedSql(w.memberId, tickets.month) : sql`null`} as granted`,
  );
  if (!row || row.id === null) return null;
  return { id: Number(row.id), monthCoins: Number(row.coins ?? 0), spendTickets: Number(row.granted ?? 0) };
}
