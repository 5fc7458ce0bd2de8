import type { Metadata } from 'next';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { formatYuan } from '@/lib/shared/money';
import { readFlash } from '@/lib/server/staff/flash';
import {
  moneyReport,
  REFUND_STATES,
  reportPeriod,
  type CoinFigures,
  type Figure,
  type ProviderMoney,
} from '@/lib/server/staff/money-report';
import { providerName } from '@/lib/server/staff/money-report-csv';
import { requireStaff } from '@/lib/server/staff/page-session';
import { businessDayOf, businessMonthOf, shiftPeriod } from '@/lib/shared/business-time';
import { ConsoleShell, formatTime, one, type SearchParams } from '../../_components/shell';
import { FinanceTabs } from '../finance-tabs';

export const metadata: Metadata = { title: MONEY_TEXT.report.heading };

const R = MONEY_TEXT.report;
const coins = (n: number) => n.toLocaleString('zh-CN');

/** A month's table of days; its footer is the month itself (the days add up to it). */
const dayColumns: Array<{ title: string; value: (d: { money: ProviderMoney; coins: CoinFigures }) => string }> = [
  { title: R.cashIn, value: (d) => formatYuan(d.money.cashIn.cents) },
  { title: R.refunded, value: (d) => formatYuan(d.money.refunded.cents) },
  { title: R.net, value: (d) => formatYuan(d.money.net) },
  { title: R.coinsSold, value: (d) => coins(d.coins.sold) },
  { title: R.coinsSpent, value: (d) => coins(d.coins.spent) },
  { title: R.vouchersGranted, value: (d) => coins(d.coins.vouchers) },
];

/** The order list behind a figure (docs/console.md "Money report"); the list's own total equals the figure. */
function ordersHref(params: Record<string, string | undefined>): string {
  return `/admin/orders?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])))}`;
}

function Amount({ figure, href, testId }: { figure: Figure; href: string | null; testId: string }) {
  const yuan = formatYuan(figure.cents);
  return (
    <td className="num" data-testid={testId}>
      {href ? <a href={href}>{yuan}</a> : yuan}
      <br />
      <small>{R.count(figure.count)}</small>
    </td>
  );
}

/**
 * The money figures as a table of figures × providers (four columns of numbers fit a 360 px phone better than
 * eleven); each amount links to its orders for roles that may list them.
 */
function ProviderTable({ columns, period, linked }: { columns: ProviderMoney[]; period: string; linked: boolean }) {
  const href = (m: ProviderMoney, params: Record<string, string>) =>
    linked ? ordersHref({ ...params, provider: m.provider === 'all' ? undefined : m.provider }) : null;
  const id = (m: ProviderMoney, figure: string) => `money-${m.provider}-${figure}`;
  return (
    <div className="table-wrap">
      <table data-testid="money-providers">
        <thead>
          <tr>
            <th scope="col">{R.provider}</th>
            {columns.map((m) => (
              <th scope="col" key={m.provider} className="num">
                {providerName(m.provider)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{R.paid}</th>
            {columns.map((m) => (
              <Amount key={m.provider} figure={m.paid} href={href(m, { paid: period })} testId={id(m, 'paid')} />
            ))}
          </tr>
          <tr>
            <th scope="row">{R.discount}</th>
            {columns.map((m) => (
              <td key={m.provider} className="num" data-testid={id(m, 'discount')}>
                {formatYuan(m.discount)}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{R.late}</th>
            {columns.map((m) => (
              <Amount key={m.provider} figure={m.late} href={href(m, { late: period })} testId={id(m, 'late')} />
            ))}
          </tr>
          <tr>
            <th scope="row">{R.figure.cashIn}</th>
            {columns.map((m) => (
              <Amount key={m.provider} figure={m.cashIn} href={null} testId={id(m, 'cashIn')} />
            ))}
          </tr>
          {REFUND_STATES.map((s) => (
            <tr key={s}>
              <th scope="row">{R.refund(MONEY_TEXT.refundStates[s]!)}</th>
              {columns.map((m) => (
                <Amount
                  key={m.provider}
                  figure={m.refunds[s]}
                  href={href(m, { refunded: period, refund_state: s })}
                  testId={id(m, `refund-${s}`)}
                />
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">{R.figure.refunded}</th>
            {columns.map((m) => (
              <Amount key={m.provider} figure={m.refunded} href={href(m, { refunded: period })} testId={id(m, 'refunded')} />
            ))}
          </tr>
          <tr>
            <th scope="row">{R.figure.net}</th>
            {columns.map((m) => (
              <td key={m.provider} className="num" data-testid={id(m, 'net')}>
                <b>{formatYuan(m.net)}</b>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

// /admin/finance/money?month=YYYY-MM | ?day=YYYY-MM-DD: cash in by provider, refunds by state, net, coins sold and
// spent, vouchers granted, for one Asia/Shanghai business day or month; the same figures as a CSV; every amount links
// to the orders it adds up (docs/console.md "Money report"). Finance and admin.
export default async function MoneyReportPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('finance');
  const query = await searchParams;
  const flash = readFlash(query);
  const now = new Date();
  const { period, error } = reportPeriod(one(query.day), one(query.month), now);
  const report = await moneyReport(staff.actor, period, now);
  const key = period.key;
  const isDay = period.kind === 'day';
  const param = isDay ? 'day' : 'month';
  const link = (k: string) => `/admin/finance/money?${param}=${k}`;
  const previous = shiftPeriod(period, -1);
  const next = shiftPeriod(period, 1);
  const current = isDay ? businessDayOf(now) : businessMonthOf(now);
  const linked = staff.can('orders');
  const orderLink = (params: Record<string, string>) => (linked ? ordersHref(params) : null);
  const { total, coins: c } = report;
  const monthOfPeriod = key.slice(0, 7);
  const cards = [
    { id: 'cashIn', label: R.cashIn, value: formatYuan(total.cashIn.cents) },
    { id: 'refunded', label: R.refunded, value: formatYuan(total.refunded.cents) },
    { id: 'net', label: R.net, value: formatYuan(total.net) },
    { id: 'sold', label: R.coinsSold, value: coins(c.sold) },
    { id: 'spent', label: R.coinsSpent, value: coins(c.spent) },
    { id: 'vouchers', label: R.vouchersGranted, value: coins(c.vouchers) },
  ];
  // Sold links to the paid orders that credited the coins, spent to the revenue page that splits it by novel.
  const coinRows = [
    { id: 'sold', label: R.coinsSold, value: c.sold, href: orderLink({ paid: key }) },
    { id: 'bonus', label: R.coinsBonus, value: c.bonus, href: null },
    { id: 'free', label: R.coinsFree, value: c.free, href: null },
    { id: 'spent', label: R.coinsSpent, value: c.spent, href: `/admin/finance?month=${monthOfPeriod}` },
    { id: 'refunded-back', label: R.coinsRefundedBack, value: c.refundedBack, href: orderLink({ refunded: key }) },
    { id: 'vouchers', label: R.vouchersGranted, value: c.vouchers, href: null },
  ];
  return (
    <ConsoleShell staff={staff} current="finance" flash={flash}>
      <h1>{R.heading}</h1>
      <FinanceTabs current="money" />
      {error ? (
        <p className="flash flash-err" role="alert" data-testid="money-error">
          {error}
        </p>
      ) : null}
      <form method="get" action="/admin/finance/money" className="filters">
        <label>
          {R.month}
          <input type="month" name="month" defaultValue={monthOfPeriod} max={businessMonthOf(now)} required />
        </label>
        <button type="submit">{R.showMonth}</button>
      </form>
      <form method="get" action="/admin/finance/money" className="filters">
        <label>
          {R.day}
          <input type="date" name="day" defaultValue={isDay ? key : ''} max={businessDayOf(now)} required />
        </label>
        <button type="submit">{R.showDay}</button>
      </form>
      <p className="meta">
        <a href={link(previous)}>{isDay ? R.previousDay : R.previousMonth}</a>
        {key < current ? <a href={link(next)}>{isDay ? R.nextDay : R.nextMonth}</a> : null}
        <span data-testid="money-period">{R.period(formatTime(period.start), formatTime(period.end))}</span>
        <a href={`/admin/finance/money/csv?${param}=${key}`} download data-testid="money-csv">
          {R.download}
        </a>
      </p>
      <div className="cards">
        {cards.map((card) => (
          <div className="card" data-testid={`money-card-${card.id}`} key={card.id}>
            {card.label}
            <b>{card.value}</b>
          </div>
        ))}
      </div>

      <h2>{R.byProvider}</h2>
      <ProviderTable columns={[...report.providers, total]} period={key} linked={linked} />
      <ul className="notes">
        {R.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>

      <h2>{R.coins}</h2>
      <div className="table-wrap">
        <table data-testid="money-coins">
          <tbody>
            {coinRows.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.label}</th>
                <td className="num" data-testid={`coins-${r.id}`}>
                  {r.href ? <a href={r.href}>{coins(r.value)}</a> : coins(r.value)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="meta">{R.coinsNote}</p>
      <h3>{R.vouchersByKind}</h3>
      {c.vouchersByKind.length ? (
        <div className="table-wrap">
          <table data-testid="money-vouchers">
            <tbody>
              {c.vouchersByKind.map((v) => (
                <tr key={v.kind}>
                  <th scope="row">{MONEY_TEXT.kinds[v.kind] ?? v.kind}</th>
                  <td className="num">{coins(v.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{R.noVouchers}</p>
      )}

      {isDay ? null : (
        <>
          <h2>{R.byDay}</h2>
          <div className="table-wrap">
            <table data-testid="money-days">
              <thead>
                <tr>
                  <th scope="col">{R.day}</th>
                  {dayColumns.map((col) => (
                    <th scope="col" className="num" key={col.title}>
                      {col.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...report.days].reverse().map((d) => (
                  <tr key={d.day} data-testid={`money-day-${d.day}`}>
                    <td>
                      <a href={`/admin/finance/money?day=${d.day}`} aria-label={R.dayLink(d.day)}>
                        {d.day}
                      </a>
                    </td>
                    {dayColumns.map((col) => (
                      <td className="num" key={col.title}>
                        {col.value(d)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{R.all}</th>
                  {dayColumns.map((col) => (
                    <td className="num" key={col.title}>
                      {col.value({ money: total, coins: c })}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
    </ConsoleShell>
  );
}
