import type { Metadata } from 'next';
import { CONSOLE_TEXT as T } from '@/lib/shared/console-text';
import { financeMonth, financeMonthParam, revenueAudit } from '@/lib/server/staff/finance';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, one, type SearchParams } from '../_components/shell';
import { FinanceTabs } from './finance-tabs';

export const metadata: Metadata = { title: T.nav.finance };

// /admin/finance?month=YYYY-MM[&audit=1]: revenue per novel and author for a month, the month's check that revenue
// equals what readers paid, and on demand the whole-ledger audit's revenue checks (docs/console.md "Finance").
// Finance and admin roles. Plain GET forms and tables that scroll sideways on a phone.
export default async function FinancePage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('finance');
  const query = await searchParams;
  const flash = readFlash(query);
  const month = financeMonthParam(one(query.month));
  const runAudit = one(query.audit) === '1';
  const [view, audit] = await Promise.all([financeMonth(month), runAudit ? revenueAudit() : Promise.resolve(null)]);
  const { report } = view;
  const F = T.finance;
  const link = (m: string) => `/admin/finance?month=${m}`;
  return (
    <ConsoleShell staff={staff} current="finance" flash={flash}>
      <h1>{F.heading}</h1>
      <FinanceTabs current="revenue" />
      <form method="get" action="/admin/finance" className="filters">
        <label>
          {F.month}
          <input type="month" name="month" defaultValue={month} max={financeMonthParam(undefined)} required />
        </label>
        <button type="submit">{F.show}</button>
        <a href={link(view.previous)}>{F.previous}</a>
        {view.next ? <a href={link(view.next)}>{F.next}</a> : null}
      </form>
      <p className="meta">{F.period(formatTime(new Date(report.from)), formatTime(new Date(report.to)))}</p>
      <div className="cards">
        <div className="card" data-testid="finance-revenue">
          {F.revenue}
          <b>{F.coins(report.coins)}</b>
        </div>
        <div className="card" data-testid="finance-spent">
          {F.spent}
          <b>{F.coins(view.spent)}</b>
        </div>
        <div className="card">
          {F.novelCount}
          <b>{report.novels.length}</b>
        </div>
        <div className="card">
          {F.authorCount}
          <b>{report.authors.length}</b>
        </div>
      </div>
      <p className={view.balanced ? 'flash flash-ok' : 'flash flash-err'} role="status" data-testid="finance-check">
        {view.balanced ? F.balanced : F.unbalanced(report.coins, view.spent)}
      </p>
      <p className="meta">{F.monthCheckNote}</p>
      {audit ? (
        <div className={audit.length ? 'flash flash-err' : 'flash flash-ok'} role="status" data-testid="finance-audit">
          {audit.length ? F.auditBad(audit.length) : F.auditOk}
          {audit.length ? (
            <ul>
              {audit.map((v) => (
                <li key={`${v.check}:${v.subject}`}>
                  <code>{v.check}</code> {v.subject} <code>{JSON.stringify(v.detail)}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p>
          <a href={`${link(month)}&audit=1`}>{F.runAudit}</a>
        </p>
      )}
      {report.novels.length ? (
        <>
          <h2>{F.byAuthor}</h2>
          <div className="table-wrap">
            <table data-testid="finance-authors">
              <thead>
                <tr>
                  <th scope="col">{F.author}</th>
                  <th scope="col">{F.novels}</th>
                  <th scope="col">{F.total}</th>
                </tr>
              </thead>
              <tbody>
                {report.authors.map((a) => (
                  <tr key={a.author_id}>
                    <td>{a.author}</td>
                    <td className="num">{a.novels}</td>
                    <td className="num">{F.coins(a.coins)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>{F.byNovel}</h2>
          <div className="table-wrap">
            <table data-testid="finance-novels">
              <thead>
                <tr>
                  <th scope="col">{F.novel}</th>
                  <th scope="col">{F.author}</th>
                  <th scope="col">{F.chapter}</th>
                  <th scope="col">{F.book}</th>
                  <th scope="col">{F.gift}</th>
                  <th scope="col">{F.total}</th>
                </tr>
              </thead>
              <tbody>
                {report.novels.map((n) => (
                  <tr key={n.novel_id}>
                    <td>
                      #{n.novel_id} {n.title}
                    </td>
                    <td>{n.author}</td>
                    <td className="num">{F.coins(n.chapter)}</td>
                    <td className="num">{F.coins(n.book)}</td>
                    <td className="num">{F.coins(n.gift)}</td>
                    <td className="num">{F.coins(n.coins)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="meta">{F.empty}</p>
      )}
    </ConsoleShell>
  );
}
