import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { businessDateSql } from '../db/business-time-sql';
import { addBusinessDays, businessDayBounds, businessDayOf } from '@/lib/shared/business-time';
import { latePaymentsBetween, refundRecordsBetween } from './money-report';
import { can } from '../core/roles';
import type { StaffActor } from '../core/actor';

/** The dashboard's daily figures (docs/dashboard.md): the last 30 Shanghai days, today included. */
export const DASHBOARD_DAYS = 30;

export interface DailyFigure {
  day: string;
  newMembers: number;
  listenMinutes: number;
  /** Money figures: null for roles without `orders` (only finance and admin see money). */
  payingMembers: number | null;
  paidCents: number | null;
  /** Refunds made that day, whatever became of their money (the money report's 退款合计). */
  refundCents: number | null;
  /** Everything taken that day (paid orders and late payments for closed ones) minus the day's refunds. */
  netCents: number | null;
  chapterSales: number | null;
  chapterCoins: number | null;
}

/**
 * One query, one grouped scan per source table from the first day on, joined to the 30 days: new members (accounts
 * that are not guests, by creation day), paying members and what they paid (orders paid that day, refunded later
 * or not: the day's takings), the day's refunds and net takings as the money report counts them, chapter sales
 * (unlocks and their coins), listening minutes (activity_days, the server's own count of listening). Days are
 * Asia/Shanghai calendar days.
 */
export async function dailyFigures(actor: StaffActor, now = new Date()): Promise<DailyFigure[]> {
  const last = businessDayOf(now);
  const first = addBusinessDays(last, -(DASHBOARD_DAYS - 1));
  const start = businessDayBounds(first).start;
  const end = businessDayBounds(last).end;
  const rows = await rowsOf<Record<string, string | number>>(
    getDb(),
    sql`
    with days as (select d::date as day from generate_series(${first}::date, ${last}::date, interval '1 day') d),
    nm as (select ${businessDateSql(sql`created_at`)} as day, count(*) as n from members
      where created_at >= ${start.toISOString()} and not is_guest group by 1),
    po as (select ${businessDateSql(sql`paid_at`)} as day, count(distinct member_id) as payers, sum(price) as cents from orders
      where paid_at >= ${start.toISOString()} and status in ('paid', 'refunded') group by 1),
    lp as (select ${businessDateSql(sql`created_at`)} as day, sum(amount) as cents from (${latePaymentsBetween(start, end)}) l group by 1),
    rf as (select ${businessDateSql(sql`at`)} as day, sum(amount) as cents from (${refundRecordsBetween(start, end)}) r group by 1),
    cu as (select ${businessDateSql(sql`created_at`)} as day, count(*) as n, sum(price) as coins from chapter_unlocks
      where created_at >= ${start.toISOString()} group by 1),
    ad as (select day, sum(listen_seconds) as secs from activity_days where day >= ${first}::date group by 1)
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(nm.n, 0)::int as new_members, coalesce(po.payers, 0)::int as payers,
      coalesce(po.cents, 0)::bigint as cents, coalesce(rf.cents, 0)::bigint as refunds, coalesce(lp.cents, 0)::bigint as late,
      coalesce(cu.n, 0)::int as sales, coalesce(cu.coins, 0)::bigint as coins,
      coalesce(ad.secs, 0)::bigint as secs
    from days left join nm on nm.day = days.day left join po on po.day = days.day left join cu on cu.day = days.day
      left join ad on ad.day = days.day left join lp on lp.day = days.day left join rf on rf.day = days.day
    order by days.day`,
  );
  const money = can(actor.role, 'orders');
  return rows.map((r) => ({
    day: String(r.day),
    newMembers: Number(r.new_members),
    listenMinutes: Math.round(Number(r.secs) / 60),
    payingMembers: money ? Number(r.payers) : null,
    paidCents: money ? Number(r.cents) : null,
    refundCents: money ? Number(r.refunds) : null,
    netCents: money ? Number(r.cents) + Number(r.late) - Number(r.refunds) : null,
    chapterSales: money ? Number(r.sales) : null,
    chapterCoins: money ? Number(r.coins) : null,
  }));
}
