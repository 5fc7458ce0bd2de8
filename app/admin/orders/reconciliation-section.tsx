import { RECONCILIATION_TEXT as R } from '@/lib/shared/reconciliation-text';
import { formatCents } from '@/lib/shared/money';
import { PAY_TEXT } from '@/lib/shared/payment-text';
import type { PageStaff } from '@/lib/server/staff/page-session';
import type { latestReconciliations, openDifferences } from '@/lib/server/wallet/reconciliation/staff';

const cents = (v: number | null) => (v === null ? '—' : formatCents(v));
/** Providers by the names staff know them (微信支付, 支付宝), not by their code. */
const providerLabel = (p: string) => PAY_TEXT.providerLabel[p] ?? p;

// The orders page's reconciliation part (docs/reconciliation.md "In the console"): the latest runs per provider and
// day — a failed one with why, in a sentence — then every difference still open, each with a "mark resolved" form that
// needs a note (audited).
export function ReconciliationSection({
  staff,
  back,
  runs,
  open,
}: {
  staff: PageStaff;
  back: string;
  runs: Awaited<ReturnType<typeof latestReconciliations>>;
  open: Awaited<ReturnType<typeof openDifferences>>;
}) {
  return (
    <section aria-labelledby="reconciliation-heading" data-testid="reconciliation">
      <h2 id="reconciliation-heading">{R.heading}</h2>
      <p className="meta">{R.intro}</p>
      <h3>{R.runs}</h3>
      {runs.length === 0 ? <p>{R.runsEmpty}</p> : null}
      {runs.map((r) => (
        <div
          key={r.id}
          className={r.status !== 'done' || r.differences ? 'flash flash-err' : 'flash flash-ok'}
          data-testid={`reconciliation-run-${r.provider}-${r.day}`}
        >
          {r.failure ? (
            <>
              {R.runFailed(providerLabel(r.provider), r.day)}
              <span data-testid={`reconciliation-failure-${r.provider}-${r.day}`}>{R.failures[r.failure.reason]}</span>
              <br />
              <small>{R.failureDetail(r.failure.detail)}</small>
            </>
          ) : (
            R.run(providerLabel(r.provider), r.day, R.status[r.status] ?? r.status, r.billLines, r.ourRecords, r.differences)
          )}
        </div>
      ))}
      {open.length === 0 ? <p>{R.none}</p> : null}
      {open.map((d) => (
        <article className="item" key={d.id} data-testid={`difference-${d.id}`}>
          <div className="meta">
            <span>{providerLabel(d.provider)}</span>
            <span>{d.day}</span>
            <a href={`/admin/orders/${d.orderId}`}>#{d.orderId}</a>
            <span>{R.kinds[d.kind] ?? d.kind}</span>
            <span className="badge">{R.issues[d.issue] ?? d.issue}</span>
            <span>{`${R.ours} ${cents(d.ourAmount)} / ${R.theirs} ${cents(d.theirAmount)}`}</span>
            {d.tradeNo ? <span>{d.tradeNo}</span> : null}
          </div>
          {staff.can('refunds') ? (
            <form method="post" action="/admin/actions/reconciliation" className="actions">
              <input type="hidden" name="id" value={d.id} />
              <input type="hidden" name="back" value={back} />
              <label>
                {R.note}
                <input name="note" required maxLength={200} />
              </label>
              <button type="submit">{R.resolve}</button>
            </form>
          ) : null}
        </article>
      ))}
    </section>
  );
}
