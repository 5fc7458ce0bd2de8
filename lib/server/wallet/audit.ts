import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { FAN_WEIGHTS } from '@/lib/shared/rewards';
import type { DbOrTx, Tx } from '../db/client';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { ACTIVITY_ACCOUNT } from './activity-rewards';

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
  | 'recharge_without_paid_order'
  | 'order_paid_not_from_pending'
  | 'fulfilment_without_paid_order'
  | 'quota_oversold'
  | 'quota_holders_mismatch'
  | 'coupon_spent_twice'
  | 'coupon_spend_mismatch'
  | 'ticket_lot_out_of_range'
  | 'ticket_lot_mismatch'
  | 'ticket_lot_missing'
  | 'ticket_balance_mismatch'
  | 'novel_spend_not_to_revenue'
  | 'novel_revenue_mismatch'
  | 'fan_value_mismatch'
  | 'coin_month_mismatch'
  | 'activity_reward_misbooked'
  | 'refund_mismatch';

export interface Violation {
  check: AuditCheck;
  /** The row at fault (transaction, account, lot, unlock, order…), named by its table. */
  subject: string;
  detail: Record<string, string | number | null>;
}

/**
 * One pass over the entries, summed four ways at once (grouping sets): per movement, per account, per voucher lot
 * and per ticket lot (lot ids of the two tables overlap, so an entry's currency says which lot it names). Every
 * check on entries reads these sums, so the ledger is scanned once however many checks there are.
 * `member_out` is what left members' coin and voucher accounts: a purchase's charge, or what spends and expiries
 * took from a lot; `member_tickets` is the net of members' ticket legs (a lot's grant less votes and expiry).
 * `to_revenue` is the coins a movement put on novels' revenue accounts (docs/wallet.md "Revenue by novel").
 * The currencies are spelled out (LEDGER_CURRENCIES in accounts.ts); an entry in any other counts as misbooked.
 */
const SUMS = sql`sums as materialized (
  select grouping(e.tx_id) = 0 as by_tx, grouping(e.account_id) = 0 as by_account, grouping(e.voucher_lot) = 0 as by_lot,
    grouping(e.ticket_lot) = 0 as by_ticket_lot,
    e.tx_id, e.account_id, e.voucher_lot as lot_id, e.ticket_lot,
    coalesce(sum(e.amount) filter (where e.currency = 'welth'), 0) as welth,
    coalesce(sum(e.amount) filter (where e.currency = 'welth_coupon'), 0) as welth_coupon,
    coalesce(sum(e.amount) filter (where e.currency = 'ticket'), 0) as ticket,
    count(*) filter (where e.currency not in ('welth', 'welth_coupon', 'ticket') or e.currency <> a.currency) as misbooked,
    sum(e.amount) as total,
    coalesce(-sum(e.amount) filter (where a.member_id is not null and e.currency <> 'ticket'), 0) as member_out,
    coalesce(-sum(e.amount) filter (where a.member_id is not null and e.currency = 'welth'), 0) as member_welth_out,
    coalesce(sum(e.amount) filter (where a.member_id is not null and e.currency = 'ticket'), 0) as member_tickets,
    coalesce(sum(e.amount) filter (where e.currency = 'welth' and a.system_name like 'revenue:novel:%'), 0) as to_revenue,
    count(distinct a.id) filter (where e.currency = 'welth' and a.system_name like 'revenue:novel:%') as revenue_accounts,
    max(substring(a.system_name from 15)) filter (where e.currency = 'welth' and a.system_name like 'revenue:novel:%') as revenue_novel,
    count(*) filter (where a.system_name = ${ACTIVITY_ACCOUNT}) as activity_legs,
    count(*) filter (where not ((a.member_id is not null and e.amount > 0) or (a.system_name = ${ACTIVITY_ACCOUNT} and e.amount < 0))) as not_reward_legs,
    min(a.member_id) as min_member, max(a.member_id) as max_member
  from (select x.*, case when x.currency = 'ticket' then null else x.lot_id end as voucher_lot,
      case when x.currency = 'ticket' then x.lot_id end as ticket_lot from ledger_entries x) e
  join wallet_accounts a on a.id = e.account_id
  group by grouping sets ((e.tx_id), (e.account_id), (e.voucher_lot), (e.ticket_lot)))`;

/** Movements that spend coins on one novel: their coins go to that novel's revenue account. */
const NOVEL_SPENDS = sql`('chapter_purchase', 'book_purchase', 'tip')`;
/** Activity rewards (docs/activity.md "Rewards"): coins and vouchers paid by grantReward from the `activity` account. */
const ACTIVITY_KINDS = sql`('checkin', 'mission', 'surprise', 'prize')`;

/** Each check: rows of (subject, detail) for what is wrong, ordered, so a capped answer is stable. */
const CHECKS: Array<{ check: AuditCheck; rows: SQL }> = [
  {
    // Double entry: the legs of one movement cancel out in each currency.
    check: 'unbalanced_transaction',
    rows: sql`select 'ledger_transactions:' || tx_id, jsonb_build_object('tx_id', tx_id, 'welth', welth, 'welth_coupon', welth_coupon, 'ticket', ticket)
      from sums where by_tx and (welth <> 0 or welth_coupon <> 0 or ticket <> 0) order by tx_id`,
  },
  {
    check: 'entry_currency_mismatch',
    rows: sql`select 'ledger_transactions:' || tx_id, jsonb_build_object('tx_id', tx_id, 'entries', misbooked) from sums where by_tx and misbooked > 0 order by tx_id`,
  },
  {
    // Balances are a cache of the entries, kept in step inside each movement's transaction.
    check: 'balance_mismatch',
    rows: sql`select 'wallet_accounts:' || a.id, jsonb_build_object('account_id', a.id, 'member_id', a.member_id, 'system_name', a.system_name, 'shard', a.shard, 'currency', a.currency, 'balance', a.balance, 'entries', coalesce(s.total, 0))
      from wallet_accounts a left join sums s on s.by_account and s.account_id = a.id where a.balance <> coalesce(s.total, 0) order by a.id`,
  },
  {
    // Members can never owe: by the cached balance or by their entries.
    check: 'negative_balance',
    rows: sql`select 'wallet_accounts:' || a.id, jsonb_build_object('account_id', a.id, 'member_id', a.member_id, 'currency', a.currency, 'balance', a.balance, 'entries', coalesce(s.total, 0))
      from wallet_accounts a left join sums s on s.by_account and s.account_id = a.id where a.member_id is not null and (a.balance < 0 or coalesce(s.total, 0) < 0) order by a.id`,
  },
  {
    check: 'voucher_lot_out_of_range',
    rows: sql`select 'voucher_lots:' || id, jsonb_build_object('lot_id', id, 'member_id', member_id, 'amount', amount, 'remaining', remaining)
      from voucher_lots where remaining < 0 or remaining > amount order by id`,
  },
  {
    // A lot has its grant minus what left members' accounts under its id: a spend's member leg and an expiry's
    // member leg both carry the lot (net, so a refund into a lot would count too).
    check: 'voucher_lot_mismatch',
    rows: sql`select 'voucher_lots:' || l.id, jsonb_build_object('lot_id', l.id, 'member_id', l.member_id, 'amount', l.amount, 'remaining', l.remaining, 'taken', coalesce(s.member_out, 0))
      from voucher_lots l left join sums s on s.by_lot and s.lot_id = l.id where l.remaining <> l.amount - coalesce(s.member_out, 0) order by l.id`,
  },
  {
    check: 'voucher_lot_missing',
    rows: sql`select 'voucher_lots:' || s.lot_id, jsonb_build_object('lot_id', s.lot_id, 'taken', s.member_out)
      from sums s where s.by_lot and s.lot_id is not null and not exists (select 1 from voucher_lots l where l.id = s.lot_id) order by s.lot_id`,
  },
  {
    // A member's vouchers are exactly what their lots have left (expired lots included until expiry takes them).
    check: 'voucher_balance_mismatch',
    rows: sql`select 'members:' || coalesce(a.member_id, l.member_id), jsonb_build_object('member_id', coalesce(a.member_id, l.member_id), 'balance', coalesce(a.balance, 0), 'lots', coalesce(l.remaining, 0))
      from (select member_id, balance from wallet_accounts where member_id is not null and currency = 'welth_coupon') a
      full join (select member_id, sum(remaining) as remaining from voucher_lots group by member_id) l on l.member_id = a.member_id
      where coalesce(a.balance, 0) <> coalesce(l.remaining, 0) order by 1`,
  },
  {
    check: 'duplicate_unlock',
    rows: sql`select 'members:' || member_id, jsonb_build_object('member_id', member_id, 'chapter_id', chapter_id, 'unlocks', count(*))
      from chapter_unlocks group by member_id, chapter_id having count(*) > 1 order by member_id, chapter_id`,
  },
  {
    // An unlock is paid for: its movement is this member's purchase of this chapter and took the unlock's price.
    check: 'unlock_without_purchase',
    rows: sql`select 'chapter_unlocks:' || u.id, jsonb_build_object('unlock_id', u.id, 'member_id', u.member_id, 'chapter_id', u.chapter_id, 'price', u.price, 'tx_id', u.tx_id, 'kind', t.kind, 'charged', coalesce(s.member_out, 0))
      from chapter_unlocks u left join ledger_transactions t on t.id = u.tx_id left join sums s on s.by_tx and s.tx_id = u.tx_id
      where t.id is null or t.kind <> 'chapter_purchase' or t.member_id is distinct from u.member_id or t.reference is distinct from 'chapter:' || u.chapter_id
        or coalesce(s.member_out, 0) <> u.price
      order by u.id`,
  },
  {
    check: 'paid_order_not_credited_once',
    rows: sql`select 'orders:' || o.id, jsonb_build_object('order_id', o.id, 'member_id', o.member_id, 'recharges', count(t.id), 'other_member', count(t.id) filter (where t.member_id is distinct from o.member_id))
      from orders o left join ledger_transactions t on t.kind = 'recharge' and t.idempotency_key = 'order:' || o.id
      where o.status in ('paid', 'refunded') group by o.id, o.member_id
      having count(t.id) <> 1 or count(t.id) filter (where t.member_id is distinct from o.member_id) > 0 order by o.id`,
  },
  {
    check: 'recharge_without_paid_order',
    rows: sql`select 'ledger_transactions:' || t.id, jsonb_build_object('tx_id', t.id, 'idempotency_key', t.idempotency_key, 'status', o.status)
      from ledger_transactions t left join orders o on o.id::text = substring(t.idempotency_key from 7)
      where t.kind = 'recharge' and t.idempotency_key like 'order:%' and (o.id is null or o.status not in ('paid', 'refunded')) order by t.id`,
  },
  {
    // Only a pending order is paid (docs/wallet-orders.md): a paid order was never closed and no payment for it was
    // flagged for refund; an order that ended unpaid has no payment time and no movement.
    check: 'order_paid_not_from_pending',
    rows: sql`select 'orders:' || o.id, jsonb_build_object('order_id', o.id, 'status', o.status, 'paid_at', o.paid_at, 'closed_at', o.closed_at, 'tx_id', o.tx_id)
      from orders o
      where (o.status in ('paid', 'refunded') and (o.paid_at is null or o.closed_at is not null or exists (select 1 from payment_exceptions e where e.order_id = o.id)))
        or (o.status not in ('paid', 'refunded') and (o.paid_at is not null or o.tx_id is not null))
      order by o.id`,
  },
  {
    // The rest of what an order grants — bonus coins, bonus vouchers, VIP and ad-free periods — only for a paid order.
    check: 'fulfilment_without_paid_order',
    rows: sql`select 'ledger_transactions:' || t.id, jsonb_build_object('tx_id', t.id, 'kind', t.kind, 'idempotency_key', t.idempotency_key, 'status', o.status)
      from ledger_transactions t left join orders o on o.id::text = substring(t.idempotency_key from 7)
      where t.kind in ('recharge_bonus', 'recharge_extra') and t.idempotency_key like 'order:%' and (o.id is null or o.status not in ('paid', 'refunded'))
      union all
      select 'vip_periods:' || v.id, jsonb_build_object('vip_period_id', v.id, 'kind', v.kind, 'order_id', v.order_id, 'status', o.status)
      from vip_periods v left join orders o on o.id = v.order_id where v.order_id is not null and (o.id is null or o.status not in ('paid', 'refunded'))
      order by 1`,
  },
  {
    // A limited product never sells more slots a day than its quota.
    check: 'quota_oversold',
    rows: sql`select 'product_quota_days:' || q.product_id || ':' || q.business_day, jsonb_build_object('product_id', q.product_id, 'business_day', q.business_day, 'used', q.used, 'quota', p.daily_quota)
      from product_quota_days q join products p on p.id = q.product_id
      where q.used < 0 or (p.daily_quota is not null and q.used > p.daily_quota) order by q.product_id, q.business_day`,
  },
  {
    // A day's used slots are exactly the pending and paid orders holding one of that day (orders.quota_day).
    check: 'quota_holders_mismatch',
    rows: sql`select 'product_quota_days:' || coalesce(q.product_id, h.product_id) || ':' || coalesce(q.business_day, h.quota_day),
        jsonb_build_object('product_id', coalesce(q.product_id, h.product_id), 'business_day', coalesce(q.business_day, h.quota_day), 'used', coalesce(q.used, 0), 'holders', coalesce(h.n, 0))
      from product_quota_days q
      full join (select product_id, quota_day, count(*) as n from orders where quota_day is not null and status in ('pending', 'paid', 'refunded') group by product_id, quota_day) h
        on h.product_id = q.product_id and h.quota_day = q.business_day
      where coalesce(q.used, 0) <> coalesce(h.n, 0) order by 1`,
  },
  {
    check: 'coupon_spent_twice',
    rows: sql`select 'member_coupons:' || member_coupon_id, jsonb_build_object('member_coupon_id', member_coupon_id, 'paid_orders', count(*))
      from orders where status in ('paid', 'refunded') and member_coupon_id is not null group by member_coupon_id having count(*) > 1 order by member_coupon_id`,
  },
  {
    // A spent coupon names the paid order that took it off, and a paid order's coupon is spent by that order.
    check: 'coupon_spend_mismatch',
    rows: sql`select 'member_coupons:' || c.id, jsonb_build_object('member_coupon_id', c.id, 'used_order_id', c.used_order_id, 'order_status', o.status, 'order_coupon', o.member_coupon_id)
      from member_coupons c left join orders o on o.id = c.used_order_id
      where c.used_at is not null and (o.id is null or o.status not in ('paid', 'refunded') or o.member_coupon_id is distinct from c.id)
      union all
      select 'orders:' || o.id, jsonb_build_object('order_id', o.id, 'member_coupon_id', o.member_coupon_id, 'used_order_id', c.used_order_id, 'spent', c.used_at is not null)
      from orders o left join member_coupons c on c.id = o.member_coupon_id
      where o.status in ('paid', 'refunded') and o.member_coupon_id is not null and (c.id is null or c.used_order_id is distinct from o.id or c.used_at is null)
      order by 1`,
  },
  {
    check: 'ticket_lot_out_of_range',
    rows: sql`select 'ticket_lots:' || id, jsonb_build_object('lot_id', id, 'member_id', member_id, 'amount', amount, 'remaining', remaining)
      from ticket_lots where remaining < 0 or remaining > amount order by id`,
  },
  {
    // A ticket lot's grant, votes and expiry all name it on the member's leg: what is left is their net.
    check: 'ticket_lot_mismatch',
    rows: sql`select 'ticket_lots:' || l.id, jsonb_build_object('lot_id', l.id, 'member_id', l.member_id, 'amount', l.amount, 'remaining', l.remaining, 'entries', coalesce(s.member_tickets, 0))
      from ticket_lots l left join sums s on s.by_ticket_lot and s.ticket_lot = l.id where l.remaining <> coalesce(s.member_tickets, 0) order by l.id`,
  },
  {
    check: 'ticket_lot_missing',
    rows: sql`select 'ticket_lots:' || s.ticket_lot, jsonb_build_object('lot_id', s.ticket_lot, 'entries', s.member_tickets)
      from sums s where s.by_ticket_lot and s.ticket_lot is not null and not exists (select 1 from ticket_lots l where l.id = s.ticket_lot) order by s.ticket_lot`,
  },
  {
    // Every ticket a member holds is in a lot (docs/gifts-votes.md "Vote tickets"): balance = what the lots have left.
    check: 'ticket_balance_mismatch',
    rows: sql`select 'members:' || coalesce(a.member_id, l.member_id), jsonb_build_object('member_id', coalesce(a.member_id, l.member_id), 'balance', coalesce(a.balance, 0), 'lots', coalesce(l.remaining, 0))
      from (select member_id, balance from wallet_accounts where member_id is not null and currency = 'ticket') a
      full join (select member_id, sum(remaining) as remaining from ticket_lots group by member_id) l on l.member_id = a.member_id
      where coalesce(a.balance, 0) <> coalesce(l.remaining, 0) order by 1`,
  },
  {
    // Coins paid for a novel (chapter, whole book, gift) all land on that novel's revenue account in the same
    // movement, and nothing else puts coins there.
    check: 'novel_spend_not_to_revenue',
    rows: sql`select 'ledger_transactions:' || t.id, jsonb_build_object('tx_id', t.id, 'kind', t.kind, 'novel_id', t.meta->>'novel_id', 'coins_paid', coalesce(s.member_welth_out, 0), 'to_revenue', coalesce(s.to_revenue, 0), 'revenue_novel', s.revenue_novel)
      from ledger_transactions t left join sums s on s.by_tx and s.tx_id = t.id
      where (t.kind in ${NOVEL_SPENDS} and (coalesce(s.member_welth_out, 0) <> coalesce(s.to_revenue, 0)
          or (coalesce(s.to_revenue, 0) <> 0 and (s.revenue_accounts <> 1 or s.revenue_novel is distinct from t.meta->>'novel_id'))))
        or (t.kind not in ${NOVEL_SPENDS} and coalesce(s.to_revenue, 0) <> 0)
      order by t.id`,
  },
  {
    // A novel's revenue is exactly the coins members spent on it.
    check: 'novel_revenue_mismatch',
    rows: sql`select 'novels:' || coalesce(r.novel_id, p.novel_id), jsonb_build_object('novel_id', coalesce(r.novel_id, p.novel_id), 'revenue', coalesce(r.balance, 0), 'spent', coalesce(p.spent, 0))
      from (select substring(system_name from 15) as novel_id, sum(balance) as balance from wallet_accounts where system_name like 'revenue:novel:%' and currency = 'welth' group by 1) r
      full join (select t.meta->>'novel_id' as novel_id, sum(s.member_welth_out) as spent from ledger_transactions t
        join sums s on s.by_tx and s.tx_id = t.id where t.kind in ${NOVEL_SPENDS} group by 1) p on p.novel_id = r.novel_id
      where coalesce(r.balance, 0) <> coalesce(p.spent, 0) order by 1`,
  },
  {
    // Fan values (docs/gifts-votes.md "Fan value and titles"): coins = coins the member paid for the novel, tickets = tickets
    // cast for it, value = both at the published weights.
    check: 'fan_value_mismatch',
    rows: sql`select 'fan_values:' || member_id || ':' || novel_id, jsonb_build_object('member_id', member_id, 'novel_id', novel_id, 'coins', sum(fc), 'paid', sum(pc), 'tickets', sum(ft), 'cast', sum(vt), 'value', sum(fv))
      from (
        select member_id, novel_id, coins as fc, tickets as ft, value as fv, 0 as pc, 0 as vt from fan_values
        union all
        select t.member_id, (t.meta->>'novel_id')::int, 0, 0, 0, s.member_welth_out, 0 from ledger_transactions t
          join sums s on s.by_tx and s.tx_id = t.id where t.kind in ${NOVEL_SPENDS} and t.meta->>'novel_id' is not null
        union all
        select member_id, novel_id, 0, 0, 0, 0, amount from votes
      ) x
      group by member_id, novel_id
      having sum(fc) <> sum(pc) or sum(ft) <> sum(vt) or sum(fv) <> sum(pc) * ${FAN_WEIGHTS.coin} + sum(vt) * ${FAN_WEIGHTS.ticket}
      order by member_id, novel_id`,
  },
  {
    // Each member's coins of a month (docs/gifts-votes.md "Vote tickets"): the running total the spends keep equals
    // the coins their own accounts gave in the movements marked with that month.
    check: 'coin_month_mismatch',
    rows: sql`select 'member_coin_months:' || member_id || ':' || month, jsonb_build_object('member_id', member_id, 'month', month, 'total', sum(total), 'spent', sum(spent))
      from (
        select member_id, month, coins as total, 0 as spent from member_coin_months
        union all
        select s.min_member, t.meta->>'coin_month', 0, s.member_welth_out from ledger_transactions t
          join sums s on s.by_tx and s.tx_id = t.id where t.meta ? 'coin_month'
      ) x
      group by member_id, month
      having sum(total) <> sum(spent)
      order by member_id, month`,
  },
  {
    // Activity rewards only move coins or vouchers from the `activity` account to the member the movement names, and
    // nothing else touches that account (docs/wallet.md "Ledger").
    check: 'activity_reward_misbooked',
    rows: sql`select 'ledger_transactions:' || t.id, jsonb_build_object('tx_id', t.id, 'kind', t.kind, 'member_id', t.member_id, 'activity_legs', coalesce(s.activity_legs, 0), 'other_legs', coalesce(s.not_reward_legs, 0))
      from ledger_transactions t left join sums s on s.by_tx and s.tx_id = t.id
      where (t.kind in ${ACTIVITY_KINDS} and (coalesce(s.not_reward_legs, 0) > 0 or coalesce(s.activity_legs, 0) = 0
          or s.min_member is distinct from t.member_id or s.max_member is distinct from t.member_id))
        or (t.kind not in ${ACTIVITY_KINDS} and coalesce(s.activity_legs, 0) > 0)
      order by t.id`,
  },
  {
    // A refunded order (docs/wallet.md "Refunds") has one refund row and one `refund` movement that takes back from
    // the member exactly the coins its recharge movements gave; a refund movement exists only for a refunded order.
    check: 'refund_mismatch',
    rows: sql`select 'orders:' || o.id, jsonb_build_object('order_id', o.id, 'status', o.status, 'refund_rows', (select count(*) from order_refunds r where r.order_id = o.id),
        'refund_moves', count(rt.id), 'credited', coalesce((select sum(s.member_welth_out) from ledger_transactions c join sums s on s.by_tx and s.tx_id = c.id
          where c.idempotency_key = 'order:' || o.id and c.kind in ('recharge', 'recharge_bonus')), 0), 'taken', coalesce(sum(rs.member_welth_out), 0))
      from orders o
      left join ledger_transactions rt on rt.kind = 'refund' and rt.idempotency_key = 'order:' || o.id
      left join sums rs on rs.by_tx and rs.tx_id = rt.id
      where o.status = 'refunded' or rt.id is not null or exists (select 1 from order_refunds r where r.order_id = o.id)
      group by o.id, o.status
      having o.status <> 'refunded' or count(rt.id) <> 1 or (select count(*) from order_refunds r where r.order_id = o.id) <> 1
        or coalesce(sum(rs.member_welth_out), 0) <> -coalesce((select sum(s.member_welth_out) from ledger_transactions c join sums s on s.by_tx and s.tx_id = c.id
          where c.idempotency_key = 'order:' || o.id and c.kind in ('recharge', 'recharge_bonus')), 0)
      order by o.id`,
  },
];

async function run(tx: Tx, limit: number): Promise<Violation[]> {
  // The per-movement sums of a large ledger are hundreds of thousands of groups; let them stay in memory.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const branches = CHECKS.map(
    ({ check, rows }) => sql`(select ${check}::text as "check", r.* from (${rows} limit ${limit}) as r(subject, detail))`,
  );
  const rows = await rowsOf<{ check: AuditCheck; subject: string; detail: Violation['detail'] | string }>(
    tx,
    sql`with ${SUMS} ${sql.join(branches, sql` union all `)}`,
  );
  // node-postgres parses jsonb; PGlite too, but a driver that hands back text is read the same way.
  return rows.map((r) => ({
    check: r.check,
    subject: r.subject,
    detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
  }));
}

/**
 * The full ledger check (issue 5): double entry per movement and currency, balances against entries, no member
 * below zero, voucher lots against what was taken from them, one unlock per member and chapter backed by its
 * purchase, one recharge per paid order; orders paid only from pending, nothing granted for an unpaid order, no
 * limited product oversold, no coupon spent twice (docs/wallet-orders.md); ticket lots against their legs, novels'
 * revenue equal to what members spent on them, fan values equal to the ledger and the votes (issue 15,
 * docs/gifts-votes.md), activity rewards paid only from the activity account to their member (docs/activity.md). Empty means healthy. One statement — one scan of the entries and one
 * snapshot, so purchases running meanwhile never show up half seen. At most `limitPerCheck` rows per check.
 */
export async function auditLedger(db: DbOrTx = getDb(), options: { limitPerCheck?: number } = {}): Promise<Violation[]> {
  const limit = options.limitPerCheck ?? 100;
  // A caller's transaction (tests corrupt data inside one) is used as it is; otherwise a read-only one of our own.
  if ('rollback' in db) return run(db, limit);
  return db.transaction((tx) => run(tx, limit), { accessMode: 'read only' });
}
