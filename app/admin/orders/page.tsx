import type { Metadata } from 'next';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { DAY_PATTERN } from '@/lib/shared/schemas/console-money';
import { shanghaiMidnight } from '@/lib/shared/schemas/console-members';
import { formatCents } from '@/lib/shared/money';
import { readFlash } from '@/lib/server/staff/flash';
import { dueExceptions, ORDER_STATUSES, providerRefundsToCheck, searchOrders } from '@/lib/server/staff/orders';
import { requireStaff } from '@/lib/server/staff/page-session';
import { latestAuditRuns, type AuditRun } from '@/lib/server/wallet/audit-runs';
import { ConsoleShell, formatTime, one, Pager, pageNumber, type SearchParams } from '../_components/shell';
import { latestReconciliations, openDifferences } from '@/lib/server/wallet/reconciliation/staff';
import { ReconciliationSection } from './reconciliation-section';
import { ProviderRefundsSection } from './provider-refunds-section';

export const metadata: Metadata = { title: MONEY_TEXT.orders.heading };

const O = MONEY_TEXT.orders;
const idParam = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : undefined);
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

// /admin/orders?order=&member=&status=&from=&to=&page=: order search, payments due back, the ledger audit
// (docs/wallet.md "Refunds", "Ledger audit"), the providers' reconciliation differences (docs/reconciliation.md). Finance and admin. Plain GET search, one POST button for the audit.
export default async function OrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('orders');
  const query = await searchParams;
  const flash = readFlash(query);
  const orderId = idParam(one(query.order));
  const memberId = idParam(one(query.member));
  const statusRaw = one(query.status);
  const status = (ORDER_STATUSES as readonly string[]).includes(statusRaw ?? '') ? statusRaw : undefined;
  const from = dayParam(one(query.from));
  const to = dayParam(one(query.to));
  const page = pageNumber(query.page);
  const [{ rows, hasMore }, due, audits, runs, differences, providerRefunds] = await Promise.all([
    searchOrders(staff.actor, {
      orderId,
      memberId,
      status,
      from: from?.at,
      // The end day is inclusive: up to the next Shanghai midnight.
      to: to ? new Date(to.at.getTime() + 86_400_000) : undefined,
      page,
    }),
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
  };
  const back = `/admin/orders?${new URLSearchParams(Object.entries(kept).filter((e): e is [string, string] => Boolean(e[1])))}`;
  return (
    <ConsoleShell staff={staff} current="orders" flash={flash}>
      <h1>{O.heading}</h1>
      <form method="get" action="/admin/orders" className="filters" role="search">
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
          {O.from}
          <input type="date" name="from" defaultValue={kept.from ?? ''} />
        </label>
        <label>
          {O.to}
          <input type="date" name="to" defaultValue={kept.to ?? ''} />
        </label>
        <button type="submit">{O.search}</button>
      </form>

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
