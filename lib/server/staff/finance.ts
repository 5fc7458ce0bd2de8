import 'server-only';
import { sql } from 'drizzle-orm';
import type { RevenueReport } from '@/lib/shared/dto/rewards';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { auditLedger, type Violation } from '../wallet/audit';
import { addBusinessMonths, MONTH_PATTERN, businessMonthBounds, businessMonthOf } from '@/lib/shared/business-time';
import { revenueByMonth } from '../wallet/revenue';

/** The audit's checks that tie novels' revenue to readers' spending (docs/wallet.md "Revenue by novel"). */
const REVENUE_CHECKS: readonly Violation['check'][] = ['novel_spend_not_to_revenue', 'novel_revenue_mismatch'];

export interface FinanceMonth {
  report: RevenueReport;
  /** Coins members paid in the month for chapters, whole books and gifts: what the month's revenue must equal. */
  spent: number;
  balanced: boolean;
  previous: string;
  next: string | null;
}

/** A YYYY-MM the console may ask for, or the current month (Asia/Shanghai) when it is missing or malformed. */
export function financeMonthParam(value: string | undefined, now = new Date()): string {
  const current = businessMonthOf(now);
  return value && MONTH_PATTERN.test(value) && value <= current ? value : current;
}

const shiftMonth = addBusinessMonths;

/**
 * One month of the finance view (/admin/finance): revenue per novel and author from the wallet's report, and the
 * month's own check — the coins members paid for novels in the month against what the revenue accounts took.
 */
export async function financeMonth(month: string, now = new Date()): Promise<FinanceMonth> {
  const { start, end } = businessMonthBounds(month);
  const [report, paid] = await Promise.all([
    revenueByMonth(month),
    rowsOf<{ coins: string | number }>(
      getDb(),
      sql`
      select coalesce(sum(-e.amount), 0)::bigint as coins
      from ledger_transactions t
      join ledger_entries e on e.tx_id = t.id and e.amount < 0
      join wallet_accounts a on a.id = e.account_id and a.member_id is not null and a.currency = 'welth'
      where t.kind in ('chapter_purchase', 'book_purchase', 'tip')
        and t.created_at >= ${start.toISOString()} and t.created_at < ${end.toISOString()}`,
    ),
  ]);
  const spent = Number(paid[0]?.coins ?? 0);
  const current = businessMonthOf(now);
  return {
    report,
    spent,
    balanced: spent === report.coins,
    previous: shiftMonth(month, -1),
    next: month < current ? shiftMonth(month, 1) : null,
  };
}

/** The whole-ledger audit's revenue checks (one scan of every entry: run on demand, not on every page view). */
export async function revenueAudit(): Promise<Violation[]> {
  return (await auditLedger(getDb(), { limitPerCheck: 20 })).filter((v) => REVENUE_CHECKS.includes(v.check));
}
