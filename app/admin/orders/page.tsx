import type { Metadata } from 'next';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { DAY_PATTERN } from '@/lib/shared/schemas/console-money';
import { shanghaiMidnight } from '@/lib/shared/schemas/console-members';
import { formatCents, formatYuan } from '@/lib/shared/money';
import { PAY_TEXT } from '@/lib/shared/payment-text';
import { readId } from '@/lib/shared/page-params';
import { readFlash } from '@/lib/server/staff/flash';
import { REFUND_STATES, REPORT_PROVIDERS, type RefundState } from '@/lib/server/staff/money-report';
import {
  dueExceptions,
  ORDER_STATUSES,
  orderTotals,
  providerRefundsToCheck,
  searchOrders,
  type OrderFilter,
} from '@/lib/server/staff/orders';
import { businessPeriod } from '@/lib/shared/business-time';
import { requireStaff } from '@/lib/server/staff/page-session';
import { latestAuditRuns, type AuditRun } from '@/lib/server/wallet/audit-runs';
import { ConsoleShell, formatTime, one, Pager, pageNumber, type SearchParams } from '../_components/shell';
import { latestReconciliations, openDifferences } from '@/lib/server/wallet/reconciliation/staff';
import { ReconciliationSection } from './reconciliation-section';
import { ProviderRefundsSection } from './provider-refunds-section';

export const metadata: Metadata = { title: MONEY_TEXT.orders.heading };

const O = MONEY_TEXT.orders;
const dayParam = (v: string | undefined) => {
  if (!v || !DAY_PATTERN.test(v)) return undefined;
  const d = shanghaiMidnight(v);
  return Number.isNaN(d.getTime()) ? undefined : { day: v, at: d };
};

function AuditLine({ label, run }: { label: string; run: AuditRun | null }) {
  if (!run) return <p className="meta">{`${label}：${O.auditNever}`}</p>;
  return (
    <>
      <p className={run.violations ? 'flash flash-err' : 'flash flash-ok'} role="status" data-testid={`audit-${run.trigger}`}>
        {O.auditLast(label, formatTime(run.createdAt), run.violations, run.durationMs)}
      </p>
      {run.sample.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{O.auditCheck}</th>
                <th>{O.auditSubject}</th>
              </tr>
            </thead>
            <tbody>
              {run.sample.map((v, i) => (
                <tr key={i}>
                  <td>{v.check}</td>
                  <td>{v.subject}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

/**
 * The money report's filters (docs/console.md "Money report"): `paid`, `late`, `refunded` name a business day or month,
 * `refund_state` narrows `refunded`, `provider` any search. A value that is not one of these is refused with the
 * reason on the page — never silently dropped, which would list every order under a figure's name.
 */
function reportFilters(query: Record<string, string | string[] | undefined>) {
  const E = MONEY_TEXT.errors;
  const errors: string[] = [];
  const period = (name: 'paid' | 'late' | 'refunded') => {
    const raw = one(query[name]);
    if (!raw) return undefined;
    const p = businessPeriod(raw);
    if (!p) errors.push(E.badPeriod);
    return p ?? undefined;
  };
  const providerRaw = one(query.provider);
  const provider = providerRaw && (REPORT_PROVIDERS as readonly string[]).includes(providerRaw) ? providerRaw : undefined;
  if (providerRaw && !provider) errors.push(E.badProvider);
  const stateRaw = one(query.refund_state);
  const state = stateRaw && (REFUND_STATES as readonly string[]).includes(stateRaw) ? (stateRaw as RefundState) : undefined;
  if (stateRaw && !state) errors.push(E.badRefundState);
  const paid = period('paid');
  const late = period('late');
  const refunded = period('refunded');
  return {
    errors: [...new Set(errors)],
    provider,
    paid,
    late,
    refunded: refunded ? { ...refunded, state } : undefined,
    kept: { provider, paid: paid?.key, late: late?.key, refunded: refunded?.key, refund_state: refunded ? state : undefined },
  };
}

// /admin/orders?order=&member=&status=&from=&to=&provider=&paid=&late=&refunded=&refund_state=&page=: order search, the
// money report's order lists with their total, payments due back, the ledger audit (docs/wallet.md "Refunds", "Ledger
// audit"), the providers' reconciliation differences (docs/reconciliation.md). Finance and admin. Plain GET search,
// one POST button for the audit.
export default async function OrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('orders');
  const query = await searchParams;
  const flash = readFlash(query);
  const orderId = readId(one(query.order));
  const memberId = readId(one(query.member));
  const statusRaw = one(query.status);
  const status = (ORDER_STATUSES as readonly string[]).includes(statusRaw ?? '') ? statusRaw : undefined;
  const from = dayParam(one(query.from));
  const to = dayParam(one(query.to));
  const page = pageNumber(query.page);
  const report = reportFilters(query);
  const filter: OrderFilter = {
    orderId,
    memberId,
    status,
    from: from?.at,
    // The end day is inclusive: up to the next Shanghai midnight.
    to: to ? new Date(to.at.getTime() + 86_400_000) : undefined,
    provider: report.provider,
    paid: report.paid,
    late: report.late,
    refunded: report.refunded,
    page,
  };
  const reportView = Boolean(report.paid || report.late || report.refunded);
  const [{ rows, hasMore }, totals, due, audits, runs, differences, providerRefunds] = await Promise.all([
    searchOrders(staff.actor, filter),
    reportView || report.provider ? orderTotals(staff.actor, filter) : Promise.resolve(null),
    dueExceptions(staff.actor),
    latestAuditRuns(staff.actor),
    latestReconciliations(staff.actor),
    openDifferences(staff.actor),
    providerRefundsToCheck(staff.actor),
  ]);
  const kept = {
    order: orderId?.toString(),
    member: memberId?.toString(),
    status,
    from: from?.day,
    to: to?.day,
    ...report.kept,
  };
  // The same search without the report's filters (the other fields stay as they are).
  const clearReport = `/admin/orders?${new URLSearchParams(
    Object.entries({ ...kept, paid: undefined, late: undefined, refunded: undefined, refund_state: undefined }).filter(
      (e): e is [string, string] => Boolean(e[1]),
    ),
  )}`;
  const back = `/admin/orders?${new URLSearchParams(Object.entries(kept).filter((e): e is [string, string] => Boolean(e[1])))}`;
  return (
    <ConsoleShell staff={staff} current="orders" flash={flash}>
      <h1>{O.heading}</h1>
      {report.errors.map((e) => (
        <p key={e} className="flash flash-err" role="alert">
          {e}
        </p>
      ))}
      {reportView ? (
        <p className="meta" data-testid="orders-report-filter">
          {report.paid ? <span>{O.filterPaid(report.paid.key)}</span> : null}
          {report.late ? <span>{O.filterLate(report.late.key)}</span> : null}
          {report.refunded ? (
            <span>
              {O.filterRefunded(report.refunded.key, report.refunded.state ? MONEY_TEXT.refundStates[report.refunded.state]! : null)}
            </span>
          ) : null}
          <a href={clearReport}>{O.filterClear}</a>
        </p>
      ) : null}
      <form method="get" action="/admin/orders" className="filters" role="search">
        {(['paid', 'late', 'refunded', 'refund_state'] as const).map((k) =>
          kept[k] ? <input key={k} type="hidden" name={k} value={kept[k]} /> : null,
        )}
        <label>
          {O.orderId}
          <input name="order" inputMode="numeric" pattern="\d{1,10}" defaultValue={kept.order ?? ''} />
        </label>
        <label>
          {O.member}
          <input name="member" inputMode="numeric" pattern="\d{1,10}" defaultValue={kept.member ?? ''} />
        </label>
        <label>
          {O.status}
          <select name="status" defaultValue={status ?? ''}>
            <option value="">{O.anyStatus}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {MONEY_TEXT.orderStatus[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {O.provider}
          <select name="provider" defaultValue={report.provider ?? ''}>
            <option value="">{O.anyProvider}</option>
            {REPORT_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {PAY_TEXT.providerLabel[p] ?? p}
              </option>
            ))}
          </select>
        </label>
        <label>
          {O.from}
          <input type="date" name="from" defaultValue={kept.from ?? ''} />
        </label>
        <label>
          {O.to}
          <input type="date" name="to" defaultValue={kept.to ?? ''} />
        </label>
        <button type="submit">{O.search}</button>
      </form>

      {totals ? (
        <p className="flash flash-ok" role="status" data-testid="orders-totals">
          {O.totals(totals.count, formatYuan(totals.cents))}
        </p>
      ) : null}
      {rows.length === 0 ? <p>{O.empty}</p> : null}
      {rows.length ? (
        <div className="table-wrap">
          <table data-testid="orders-table">
            <thead>
              <tr>
                <th>{O.orderId}</th>
                <th>{O.member}</th>
                <th>{O.product}</th>
                <th>{O.price}</th>
                <th>{O.discount}</th>
                <th>{O.provider}</th>
                <th>{O.status}</th>
                <th>{O.createdAt}</th>
                <th>{O.paidAt}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid={`order-${r.id}`}>
                  <td>
                    <a href={`/admin/orders/${r.id}`}>#{r.id}</a>
                  </td>
                  <td>
                    <a href={`/admin/members/${r.memberId}`}>#{r.memberId}</a> {r.nickname ?? ''}
                  </td>
                  <td>{r.productName}</td>
                  <td>{formatCents(r.price)}</td>
                  <td>{r.discount ? formatCents(r.discount) : ''}</td>
                  <td>{PAY_TEXT.providerLabel[r.provider] ?? r.provider}</td>
                  <td>{MONEY_TEXT.orderStatus[r.status] ?? r.status}</td>
                  <td>{formatTime(r.createdAt)}</td>
                  <td>{formatTime(r.paidAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager base="/admin/orders" query={kept} page={page} hasMore={hasMore} />
      <p className="meta" data-testid="order-numbers-note">
        {O.numbersNote}
      </p>

      <h2>{O.due}</h2>
      {due.length === 0 ? <p>{O.dueEmpty}</p> : null}
      {due.map((e) => (
        <article className="item" key={e.id} data-testid={`due-${e.orderId}`}>
          <div className="meta">
            <a href={`/admin/orders/${e.orderId}`}>#{e.orderId}</a>
            <a href={`/admin/members/${e.memberId}`}>#{e.memberId}</a>
            <span>{formatCents(e.amount)}</span>
            <span className="badge">{MONEY_TEXT.exceptionReasons[e.reason] ?? e.reason}</span>
            <span>{formatTime(e.createdAt)}</span>
          </div>
          {staff.can('refunds') ? (
            <form method="post" action="/admin/actions/orders" className="actions">
              <input type="hidden" name="op" value="exception_refund" />
              <input type="hidden" name="id" value={e.id} />
              <input type="hidden" name="back" value={back} />
              <button type="submit" className="danger">
                {O.refundDue}
              </button>
            </form>
          ) : null}
        </article>
      ))}

      <ProviderRefundsSection rows={providerRefunds} />

      <ReconciliationSection staff={staff} back={back} runs={runs} open={differences} />

      <h2>{O.audit}</h2>
      <AuditLine label={O.auditScheduled} run={audits.scheduled} />
      <AuditLine label={O.auditStaff} run={audits.staff} />
      <form method="post" action="/admin/actions/ledger-audit">
        <input type="hidden" name="back" value={back} />
        <button type="submit">{O.auditRun}</button>
      </form>
    </ConsoleShell>
  );
}
