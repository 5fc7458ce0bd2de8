import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';

export type AuditCheck =
  | 'unbalanced_transaction'
  | 'entry_currency_mismatch'
  | 'balance_mismatch'
  | 'negative_balance'
  | 'voucher_lot_out_of_range'
  | 'voucher_lot_mismatch'
  | 'voucher_lot_missing'
  | 'voucher_balance_mismatch'
  | 'duplicate_unlock'
  | 'unlock_without_purchase'
  | 'paid_order_not_credited_once'
  | 'recharge_without_paid_order';

export interface Violation {
  check: AuditCheck;
  /** The row at fault (transaction, account, lot, unlock, order…), named by its table. */
  subject: string;
  detail: Record<string, string | number | null>;
}

type Row = Record<string, unknown>;

/**
 * Every check is one statement, so each sees one snapshot of the database even under READ COMMITTED while
 * purchases go on: a live ledger never produces a false alarm from a movement half seen. Checks are independent;
 * the cap keeps the answer readable when something is badly broken (the first `limit` rows of each check).
 */
const CHECKS: Array<{ check: AuditCheck; subject: (r: Row) => string; query: (limit: number) => SQL }> = [
  {
    // Double entry: the legs of one movement cancel out in each currency.
    check: 'unbalanced_transaction',
    subject: (r) => `ledger_transactions:${r.tx_id}`,
    query: (limit) => sql`select tx_id, currency, sum(amount)::text as sum from ledger_entries
      group by tx_id, currency having sum(amount) <> 0 order by tx_id limit ${limit}`,
  },
  {
    check: 'entry_currency_mismatch',
    subject: (r) => `ledger_entries:${r.id}`,
    query: (limit) => sql`select e.id, e.tx_id, e.account_id, e.currency, a.currency as account_currency
      from ledger_entries e join wallet_accounts a on a.id = e.account_id where e.currency <> a.currency order by e.id limit ${limit}`,
  },
  {
    // Balances are a cache of the entries, kept in step inside each movement's transaction.
    check: 'balance_mismatch',
    subject: (r) => `wallet_accounts:${r.account_id}`,
    query: (limit) => sql`select a.id as account_id, a.member_id, a.system_name, a.currency, a.balance::text as balance, coalesce(s.total, 0)::text as entries
      from wallet_accounts a left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
      where a.balance <> coalesce(s.total, 0) order by a.id limit ${limit}`,
  },
  {
    // Members can never owe: by the cached balance or by their entries.
    check: 'negative_balance',
    subject: (r) => `wallet_accounts:${r.account_id}`,
    query: (limit) => sql`select a.id as account_id, a.member_id, a.currency, a.balance::text as balance, coalesce(s.total, 0)::text as entries
      from wallet_accounts a left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
      where a.member_id is not null and (a.balance < 0 or coalesce(s.total, 0) < 0) order by a.id limit ${limit}`,
  },
  {
    check: 'voucher_lot_out_of_range',
    subject: (r) => `voucher_lots:${r.lot_id}`,
    query: (limit) => sql`select id as lot_id, member_id, amount, remaining from voucher_lots
      where remaining < 0 or remaining > amount order by id limit ${limit}`,
  },
  {
    // What a lot has left is its grant minus what movements took from it: a spend's member leg and an expiry's
    // member leg both carry the lot id (net, so a future refund into a lot counts too).
    check: 'voucher_lot_mismatch',
    subject: (r) => `voucher_lots:${r.lot_id}`,
    query: (limit) => sql`select l.id as lot_id, l.member_id, l.amount, l.remaining, coalesce(t.taken, 0)::text as taken
      from voucher_lots l left join (
        select e.lot_id, -sum(e.amount) as taken from ledger_entries e join wallet_accounts a on a.id = e.account_id
        where e.lot_id is not null and a.member_id is not null group by e.lot_id
      ) t on t.lot_id = l.id
      where l.remaining <> l.amount - coalesce(t.taken, 0) order by l.id limit ${limit}`,
  },
  {
    check: 'voucher_lot_missing',
    subject: (r) => `ledger_entries:${r.entry_id}`,
    query: (limit) => sql`select e.id as entry_id, e.tx_id, e.lot_id from ledger_entries e
      where e.lot_id is not null and not exists (select 1 from voucher_lots l where l.id = e.lot_id) order by e.id limit ${limit}`,
  },
  {
    // A member's vouchers are exactly what their lots have left (expired lots included until expiry takes them).
    check: 'voucher_balance_mismatch',
    subject: (r) => `members:${r.member_id}`,
    query: (limit) => sql`select coalesce(a.member_id, l.member_id) as member_id, coalesce(a.balance, 0)::text as balance, coalesce(l.remaining, 0)::text as lots
      from (select member_id, balance from wallet_accounts where member_id is not null and currency = 'welth_coupon') a
      full join (select member_id, sum(remaining) as remaining from voucher_lots group by member_id) l on l.member_id = a.member_id
      where coalesce(a.balance, 0) <> coalesce(l.remaining, 0) order by 1 limit ${limit}`,
  },
  {
    check: 'duplicate_unlock',
    subject: (r) => `members:${r.member_id}`,
    query: (limit) => sql`select member_id, chapter_id, count(*)::int as unlocks from chapter_unlocks
      group by member_id, chapter_id having count(*) > 1 order by 1, 2 limit ${limit}`,
  },
  {
    // An unlock is paid for: its movement is this member's purchase of this chapter and took the unlock's price.
    check: 'unlock_without_purchase',
    subject: (r) => `chapter_unlocks:${r.unlock_id}`,
    query: (limit) => sql`select u.id as unlock_id, u.member_id, u.chapter_id, u.price, u.tx_id, t.id as purchase_id, coalesce(c.charged, 0)::text as charged
      from chapter_unlocks u
      left join ledger_transactions t on t.id = u.tx_id and t.kind = 'chapter_purchase' and t.member_id = u.member_id and t.reference = 'chapter:' || u.chapter_id
      left join (
        select e.tx_id, -sum(e.amount) as charged from ledger_entries e join wallet_accounts a on a.id = e.account_id and a.member_id is not null
        where e.tx_id in (select tx_id from chapter_unlocks where tx_id is not null) group by e.tx_id
      ) c on c.tx_id = t.id
      where t.id is null or coalesce(c.charged, 0) <> u.price order by u.id limit ${limit}`,
  },
  {
    check: 'paid_order_not_credited_once',
    subject: (r) => `orders:${r.order_id}`,
    query: (limit) => sql`select o.id as order_id, o.member_id, count(t.id)::int as recharges, count(t.id) filter (where t.member_id is distinct from o.member_id)::int as other_member
      from orders o left join ledger_transactions t on t.kind = 'recharge' and t.idempotency_key = 'order:' || o.id
      where o.status = 'paid' group by o.id, o.member_id
      having count(t.id) <> 1 or count(t.id) filter (where t.member_id is distinct from o.member_id) > 0 order by o.id limit ${limit}`,
  },
  {
    check: 'recharge_without_paid_order',
    subject: (r) => `ledger_transactions:${r.tx_id}`,
    query: (limit) => sql`select t.id as tx_id, t.idempotency_key, o.status from ledger_transactions t
      left join orders o on o.id::text = substring(t.idempotency_key from 7)
      where t.kind = 'recharge' and t.idempotency_key like 'order:%' and (o.id is null or o.status <> 'paid') order by t.id limit ${limit}`,
  },
];

const plain = (v: unknown): string | number | null => (v === null || v === undefined ? null : typeof v === 'number' ? v : /^-?\d{1,15}$/.test(String(v)) ? Number(v) : String(v));

/**
 * The full ledger check (issue 5): double entry per transaction and currency, balances against entries, no member
 * below zero, voucher lots against what was taken from them, one unlock per member and chapter backed by its
 * purchase, one recharge per paid order. Empty means healthy. Set-based SQL, so it stays fast on large ledgers.
 */
export async function auditLedger(db: DbOrTx = getDb(), options: { limitPerCheck?: number } = {}): Promise<Violation[]> {
  const limit = options.limitPerCheck ?? 100;
  const violations: Violation[] = [];
  // One after another: on a transaction handle (tests, callers that hold one) statements cannot overlap.
  for (const { check, subject, query } of CHECKS) {
    const { rows } = (await db.execute(query(limit))) as unknown as { rows: Row[] };
    for (const r of rows) violations.push({ check, subject: subject(r), detail: Object.fromEntries(Object.entries(r).map(([k, v]) => [k, plain(v)])) });
  }
  return violations;
}
