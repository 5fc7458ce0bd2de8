import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { queueCounts } from '@/lib/server/moderation/queue';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { formatCents } from '@/lib/shared/money';
import { dailyFigures, type DailyFigure } from '@/lib/server/staff/dashboard';
import { ConsoleShell, type SearchParams } from './_components/shell';
import { DailyChart } from './_components/daily-chart';

const D = MONEY_TEXT.dashboard;

/** The series the dashboard draws, in order; money ones are null for roles that may not see money. */
const SERIES: Array<{ key: keyof Omit<DailyFigure, 'day'>; title: string; label?: (n: number) => string }> = [
  { key: 'newMembers', title: D.newMembers },
  { key: 'payingMembers', title: D.payingMembers },
  { key: 'paidCents', title: D.paid, label: formatCents },
  { key: 'chapterSales', title: D.chapterSales },
  { key: 'listenMinutes', title: D.listenMinutes },
];

/** Daily figures as SVG charts and, for screen readers and exact numbers, one table (docs/dashboard.md). */
function Figures({ figures }: { figures: DailyFigure[] }) {
  const days = figures.map((f) => f.day);
  const shown = SERIES.filter((s) => figures[0]?.[s.key] !== null);
  const money = figures[0]?.paidCents !== null;
  const columns = [
    ...shown.flatMap((s) => [
      { key: s.key, title: s.title, label: s.label },
      // Beside the day's takings: its refunds and what is left (docs/dashboard.md), as the money report counts them.
      ...(s.key === 'paidCents'
        ? [
            { key: 'refundCents' as const, title: D.refunds, label: formatCents },
            { key: 'netCents' as const, title: D.net, label: formatCents },
          ]
        : []),
    ]),
    ...(figures[0]?.chapterCoins !== null ? [{ key: 'chapterCoins' as const, title: D.chapterCoins, label: undefined }] : []),
  ];
  const sum = (key: keyof Omit<DailyFigure, 'day'>) => figures.reduce((s, f) => s + (f[key] ?? 0), 0);
  return (
    <section aria-labelledby="figures-title">
      <h2 id="figures-title">{D.heading}</h2>
      <p className="meta">{D.note}</p>
      {money ? (
        <p className="meta" data-testid="money-note">
          {D.moneyNote} <a href="/admin/finance/money">{MONEY_TEXT.report.tabMoney}</a>
        </p>
      ) : null}
      <div className="charts">
        {shown.map((s) => (
          <DailyChart key={s.key} id={s.key} title={s.title} days={days} values={figures.map((f) => f[s.key] ?? 0)} label={s.label} />
        ))}
      </div>
      <div className="table-wrap">
        <table data-testid="daily-figures">
          <thead>
            <tr>
              <th>{D.day}</th>
              {columns.map((c) => (
                <th key={c.key}>{c.title}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...figures].reverse().map((f) => (
              <tr key={f.day} data-testid={`day-${f.day}`}>
                <td>{f.day}</td>
                {columns.map((c) => (
                  <td key={c.key}>{(c.label ?? String)(f[c.key] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th>{D.total}</th>
              {columns.map((c) => (
                <td key={c.key}>{c.key === 'payingMembers' ? '' : (c.label ?? String)(sum(c.key))}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

export const metadata: Metadata = { title: T.nav.dashboard };

// /admin: the dashboard — the moderation queues' sizes for roles that moderate (docs/console.md "Pages"), and the
// last 30 days' figures drawn on the server (docs/dashboard.md).
export default async function ConsoleDashboard({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff();
  const flash = readFlash(await searchParams);
  const [counts, figures] = await Promise.all([staff.can('moderation') ? queueCounts() : null, dailyFigures(staff.actor)]);
  const d = T.dashboard;
  return (
    <ConsoleShell staff={staff} current="dashboard" flash={flash}>
      <h1>{d.hello(staff.displayName, T.roles[staff.role] ?? staff.role)}</h1>
      {counts ? (
        <div className="cards">
          <a className="card" href="/admin/moderation?tab=reviews">
            {d.reviewsPending}
            <b data-testid="count-reviews-pending">{counts.reviewsPending}</b>
          </a>
          <a className="card" href="/admin/moderation?tab=reviews">
            {d.reviewsReviewing}
            <b>{counts.reviewsReviewing}</b>
          </a>
          <a className="card" href="/admin/moderation?tab=comments">
            {d.commentsFlagged}
            <b>{counts.commentsFlagged}</b>
          </a>
          <a className="card" href="/admin/moderation?tab=comments">
            {d.commentsHidden}
            <b>{counts.commentsHidden}</b>
          </a>
          <a className="card" href="/admin/moderation?tab=comments">
            {d.commentsHeld}
            <b>{counts.commentsHeld}</b>
          </a>
          <a className="card" href="/admin/moderation?tab=reports">
            {d.reportsOpen}
            <b>{counts.reportsOpen}</b>
          </a>
        </div>
      ) : (
        <p>{d.noQueues}</p>
      )}
      <Figures figures={figures} />
    </ConsoleShell>
  );
}
