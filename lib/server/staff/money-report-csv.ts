import 'server-only';
import { toCsv } from '@/lib/shared/csv';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { formatYuan } from '@/lib/shared/money';
import { PAY_TEXT } from '@/lib/shared/payment-text';
import { REFUND_STATES, type CoinFigures, type MoneyReport, type ProviderMoney } from './money-report';

const R = MONEY_TEXT.report;
type Row = Array<string | number | null>;

export const providerName = (p: string) => (p === 'all' ? R.all : (PAY_TEXT.providerLabel[p] ?? p));

/** One provider's (or the total's) money figures, one line each: the same figures, in the same order, as the page. */
function moneyRows(period: string, m: ProviderMoney): Row[] {
  const name = providerName(m.provider);
  return [
    [period, name, R.paid, m.paid.count, formatYuan(m.paid.cents), null],
    [period, name, R.discount, null, formatYuan(m.discount), null],
    [period, name, R.late, m.late.count, formatYuan(m.late.cents), null],
    [period, name, R.figure.cashIn, m.cashIn.count, formatYuan(m.cashIn.cents), null],
    ...REFUND_STATES.map((s): Row => [
      period,
      name,
      R.refund(MONEY_TEXT.refundStates[s]!),
      m.refunds[s].count,
      formatYuan(m.refunds[s].cents),
      null,
    ]),
    [period, name, R.figure.refunded, m.refunded.count, formatYuan(m.refunded.cents), null],
    [period, name, R.figure.net, null, formatYuan(m.net), null],
  ];
}

function coinRows(period: string, c: CoinFigures): Row[] {
  const all = R.csvAll;
  return [
    [period, all, R.coinsSold, null, null, c.sold],
    [period, all, R.coinsBonus, null, null, c.bonus],
    [period, all, R.coinsFree, null, null, c.free],
    [period, all, R.coinsSpent, null, null, c.spent],
    [period, all, R.coinsRefundedBack, null, null, c.refundedBack],
    [period, all, R.vouchersGranted, null, null, c.vouchers],
    ...c.vouchersByKind.map((v): Row => [period, all, `${R.vouchersGranted}·${MONEY_TEXT.kinds[v.kind] ?? v.kind}`, null, null, v.amount]),
  ];
}

/**
 * The report as a CSV (docs/console.md "Money report"): one line per figure — period, provider, figure, count,
 * yuan, coins or vouchers — for the period, and for a month each of its days after it, so a spreadsheet can pivot
 * it either way.
 */
export function moneyReportCsv(report: MoneyReport): string {
  const rows: Row[] = [];
  const key = report.period.key;
  for (const m of [...report.providers, report.total]) rows.push(...moneyRows(key, m));
  rows.push(...coinRows(key, report.coins));
  if (report.period.kind === 'month')
    for (const d of report.days) {
      for (const m of [...d.providers, d.money]) rows.push(...moneyRows(d.day, m));
      rows.push(...coinRows(d.day, d.coins));
    }
  return toCsv(R.csvHeader, rows);
}
