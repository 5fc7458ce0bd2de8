import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { businessDayTextSql } from '../db/business-time-sql';
import { orders } from '../db/schema';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { businessDaysOf, businessPeriod, businessMonthOf, type BusinessPeriod } from '@/lib/shared/business-time';
import { assertCan, type StaffActor } from '../core/actor';

/**
 * The money report (docs/console.md "Money report"): what came in and went out per business day or month
 * (Asia/Shanghai), by provider, and the coins and vouchers of the same period. It only reads: money moves in
 * lib/server/wallet. The dashboard's refund and net columns and the order list's filters use the same definitions
 * below, so a figure on any of the three pages is the sum of the orders its link lists.
 */

/** Providers in the order the report lists them; any other name found in the data follows. */
export const REPORT_PROVIDERS = ['wechat', 'alipay', 'sandbox'] as const;

/**
 * What became of a refund's money, as finance counts it: `done` (the provider says it is back, or the sandbox, which
 * holds no money), `pending` (the provider has not said yet, including refunds from before the provider's word was
 * stored), `failed` (the provider could not return it: still owed, staff return it by hand), `handled` (staff did).
 */
export const REFUND_STATES = ['done', 'pending', 'failed', 'handled'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

const refundState = (status: SQL, provider: SQL) =>
  sql`case when ${status} = 'settled' then 'done' when ${status} in ('failed', 'handled') then ${status}
    when ${status} is null and ${provider} = 'sandbox' then 'done' else 'pending' end`;

/**
 * Every refund made in [from, to): staff refunds of paid orders (`order_refunds`, dated when made) and payments taken
 * for closed orders that staff returned (`payment_exceptions`, dated by the `order.exception_refund` audit row written
 * in the same transaction — the row itself keeps no date of the return). Columns: order_id, provider, amount (cents),
 * at, state.
 */
export function refundRecordsBetween(from: Date, to: Date): SQL {
  return sql`
    select r.order_id, o.provider, r.amount, r.created_at as at, ${refundState(sql`r.provider_refund_status`, sql`o.provider`)} as state
    from order_refunds r join orders o on o.id = r.order_id
    where r.created_at >= ${from.toISOString()} and r.created_at < ${to.toISOString()}
    union all
    select e.order_id, e.provider, e.amount, a.created_at as at, ${refundState(sql`e.provider_refund_status`, sql`e.provider`)} as state
    from staff_audit_log a join payment_exceptions e on e.order_id = a.target_id and e.refund_status = 'refunded'
    where a.action = 'order.exception_refund' and a.target_type = 'order'
      and a.created_at >= ${from.toISOString()} and a.created_at < ${to.toISOString()}`;
}

/** Orders paid in [from, to): their payment is the period's takings whatever became of them later. */
export function paidBetween(from: Date, to: Date): SQL {
  return sql`${orders.paidAt} >= ${from.toISOString()} and ${orders.paidAt} < ${to.toISOString()} and ${orders.status} in ('paid', 'refunded')`;
}

/** Payments that arrived in [from, to) for an order already closed: money taken, nothing granted, due back. */
export function latePaymentsBetween(from: Date, to: Date): SQL {
  return sql`select order_id, provider, amount, created_at from payment_exceptions
    where created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}`;
}

/**
 * The period a report asks for: `day` (YYYY-MM-DD) when given, else `month` (YYYY-MM), else the current month. A
 * malformed or future one is an error in Chinese (the page shows it over the current month; the download answers 400).
 */
export function reportPeriod(
  day: string | undefined,
  month: string | undefined,
  now = new Date(),
): { period: BusinessPeriod; error: string | null } {
  const current = businessPeriod(businessMonthOf(now))!;
  const kind = day ? 'day' : month ? 'month' : null;
  if (!kind) return { period: current, error: null };
  const period = businessPeriod(kind === 'day' ? day : month);
  if (period?.kind !== kind) return { period: current, error: MONEY_TEXT.errors.badPeriod };
  if (period.start > now) return { period: current, error: MONEY_TEXT.errors.futurePeriod };
  return { period, error: null };
}

const businessDay = businessDayTextSql;

export interface Figure {
  count: number;
  cents: number;
}

export interface ProviderMoney {
  /** A provider name, or 'all' for the total row. */
  provider: string;
  /** Orders paid in the period (refunded since or not). */
  paid: Figure;
  /** Coupons' discount on those orders (cents): what the payers did not pay. */
  discount: number;
  /** Payments for orders already closed (cancelled, expired, rejected): taken in the period, due back. */
  late: Figure;
  /** paid + late: everything the provider took for us in the period. */
  cashIn: Figure;
  /** Refunds made in the period, by what became of their money. */
  refunds: Record<RefundState, Figure>;
  /** All refunds made in the period, whatever their state: each is money owed back. */
  refunded: Figure;
  /** cashIn − refunded, in cents. */
  net: number;
}

export interface CoinFigures {
  /** Coins credited by recharges (ledger kind `recharge`). */
  sold: number;
  /** Bonus coins of recharges (`recharge_bonus`, `recharge_extra`). */
  bonus: number;
  /** Coins given by anything else (activity rewards, review rewards…; merges left out). */
  free: number;
  /** Coins members paid for chapters, whole books and gifts. */
  spent: number;
  /** Coins taken back from members by refunds. */
  refundedBack: number;
  /** Vouchers put into members' wallets (merges left out), and by ledger kind. */
  vouchers: number;
  vouchersByKind: Array<{ kind: string; amount: number }>;
}

export interface DayMoney {
  day: string;
  /** The day's figures per provider (as the report's), then its total. */
  providers: ProviderMoney[];
  money: ProviderMoney;
  coins: CoinFigures;
}

export interface MoneyReport {
  period: BusinessPeriod;
  /** One row per provider (the three known ones always, others when they have figures), then the total. */
  providers: ProviderMoney[];
  total: ProviderMoney;
  coins: CoinFigures;
  /** A month's days up to today, each with its own figures (a day report has its one day). */
  days: DayMoney[];
}

const zero = (): Figure => ({ count: 0, cents: 0 });
function emptyMoney(provider: string): ProviderMoney {
  return {
    provider,
    paid: zero(),
    discount: 0,
    late: zero(),
    cashIn: zero(),
    refunds: { done: zero(), pending: zero(), failed: zero(), handled: zero() },
    refunded: zero(),
    net: 0,
  };
}
const emptyCoins = (): CoinFigures => ({ sold: 0, bonus: 0, free: 0, spent: 0, refundedBack: 0, vouchers: 0, vouchersByKind: [] });

const add = (f: Figure, count: number, cents: number) => {
  f.count += count;
  f.cents += cents;
};

function finish(m: ProviderMoney): ProviderMoney {
  m.cashIn = { count: m.paid.count + m.late.count, cents: m.paid.cents + m.late.cents };
  m.refunded = zero();
  for (const s of REFUND_STATES) add(m.refunded, m.refunds[s].count, m.refunds[s].cents);
  m.net = m.cashIn.cents - m.refunded.cents;
  return m;
}

function sortKinds(c: CoinFigures): CoinFigures {
  c.vouchersByKind.sort((a, b) => b.amount - a.amount || a.kind.localeCompare(b.kind));
  return c;
}

// Type aliases, not interfaces: rowsOf's row type must be a plain record.
type CashRow = {
  figure: 'paid' | 'late' | 'refund';
  provider: string;
  day: string;
  state: string | null;
  n: string | number;
  cents: string | number;
  discount: string | number;
};

type CoinRow = {
  kind: string;
  currency: string;
  day: string;
  credited: string | number;
  debited: string | number;
};

const SPENDING = ['chapter_purchase', 'book_purchase', 'tip'];
const RECHARGE_BONUS = ['recharge_bonus', 'recharge_extra'];

function addCoins(c: CoinFigures, r: CoinRow) {
  const credited = Number(r.credited);
  const debited = -Number(r.debited);
  if (r.currency === 'welth') {
    if (r.kind === 'recharge') c.sold += credited;
    else if (RECHARGE_BONUS.includes(r.kind)) c.bonus += credited;
    else c.free += credited;
    if (SPENDING.includes(r.kind)) c.spent += debited;
    if (r.kind === 'refund') c.refundedBack += debited;
  } else if (credited) {
    c.vouchers += credited;
    const slot = c.vouchersByKind.find((v) => v.kind === r.kind);
    if (slot) slot.amount += credited;
    else c.vouchersByKind.push({ kind: r.kind, amount: credited });
  }
}

/**
 * The report of one business day or month: two grouped scans (money by provider, state and day; the members' coin
 * and voucher legs by ledger kind and day), summed here into the period, its days and the providers.
 */
export async function moneyReport(actor: StaffActor, period: BusinessPeriod, now = new Date()): Promise<MoneyReport> {
  assertCan(actor, 'finance');
  const { start: from, end: to } = period;
  const db = getDb();
  const [cash, coins] = await Promise.all([
    rowsOf<CashRow>(
      db,
      sql`
      with paid as (
        select provider, ${businessDay(sql`paid_at`)} as day, count(*) as n, sum(price) as cents, sum(discount) as discount
        from orders where ${paidBetween(from, to)} group by 1, 2),
      late as (
        select provider, ${businessDay(sql`created_at`)} as day, count(*) as n, sum(amount) as cents
        from (${latePaymentsBetween(from, to)}) l group by 1, 2),
      refunds as (
        select provider, ${businessDay(sql`at`)} as day, state, count(*) as n, sum(amount) as cents
        from (${refundRecordsBetween(from, to)}) r group by 1, 2, 3)
      select 'paid' as figure, provider, day, null as state, n, cents, discount from paid
      union all select 'late', provider, day, null, n, cents, 0 from late
      union all select 'refund', provider, day, state, n, cents, 0 from refunds`,
    ),
    rowsOf<CoinRow>(
      db,
      sql`
      select t.kind, e.currency, ${businessDay(sql`t.created_at`)} as day,
        sum(greatest(e.amount, 0)) as credited, sum(least(e.amount, 0)) as debited
      from ledger_transactions t
      join ledger_entries e on e.tx_id = t.id and e.currency in ('welth', 'welth_coupon')
      join wallet_accounts a on a.id = e.account_id and a.member_id is not null
      where t.created_at >= ${from.toISOString()} and t.created_at < ${to.toISOString()} and t.kind <> 'merge'
      group by 1, 2, 3`,
    ),
  ]);

  const providersOf = () => new Map<string, ProviderMoney>(REPORT_PROVIDERS.map((p) => [p, emptyMoney(p)]));
  const slot = (map: Map<string, ProviderMoney>, provider: string) => {
    let m = map.get(provider);
    if (!m) map.set(provider, (m = emptyMoney(provider)));
    return m;
  };
  const byProvider = providersOf();
  const total = emptyMoney('all');
  const days = new Map<string, { day: string; providers: Map<string, ProviderMoney>; money: ProviderMoney; coins: CoinFigures }>();
  const dayOf = (day: string) => {
    let d = days.get(day);
    // A day past `now` cannot have figures, but a clock slightly behind the database's must not lose them.
    if (!d) days.set(day, (d = { day, providers: providersOf(), money: emptyMoney('all'), coins: emptyCoins() }));
    return d;
  };
  for (const day of businessDaysOf(period, now)) dayOf(day);
  for (const r of cash) {
    const n = Number(r.n);
    const cents = Number(r.cents);
    const d = dayOf(r.day);
    for (const m of [slot(byProvider, r.provider), total, slot(d.providers, r.provider), d.money]) {
      if (r.figure === 'paid') {
        add(m.paid, n, cents);
        m.discount += Number(r.discount);
      } else if (r.figure === 'late') add(m.late, n, cents);
      else add(m.refunds[(REFUND_STATES as readonly string[]).includes(r.state ?? '') ? (r.state as RefundState) : 'pending'], n, cents);
    }
  }
  const coinTotals = emptyCoins();
  for (const r of coins) {
    addCoins(coinTotals, r);
    addCoins(dayOf(r.day).coins, r);
  }
  return {
    period,
    providers: [...byProvider.values()].map(finish),
    total: finish(total),
    coins: sortKinds(coinTotals),
    days: [...days.values()]
      .sort((a, b) => a.day.localeCompare(b.day))
      .map((d) => ({ day: d.day, providers: [...d.providers.values()].map(finish), money: finish(d.money), coins: sortKinds(d.coins) })),
  };
}
