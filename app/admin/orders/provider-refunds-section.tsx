import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { formatCents } from '@/lib/shared/money';
import type { ProviderRefundRow } from '@/lib/server/staff/orders';
import { formatTime } from '../_components/shell';

const O = MONEY_TEXT.orders;

// The orders page's list of refunds the provider has not reported settled (docs/payments.md "Refund outcomes"):
// failed ones first, each linking to its order, whose page says what happened.
export function ProviderRefundsSection({ rows }: { rows: ProviderRefundRow[] }) {
  return (
    <section aria-labelledby="provider-refunds-heading" data-testid="provider-refunds">
      <h2 id="provider-refunds-heading">{O.providerRefunds}</h2>
      {rows.length === 0 ? <p>{O.providerRefundsEmpty}</p> : <p className="meta">{O.providerRefundsHint}</p>}
      {rows.map((r) => (
        <article className="item" key={`${r.kind}-${r.orderId}`} data-testid={`provider-refund-${r.orderId}`}>
          <div className="meta">
            <a href={`/admin/orders/${r.orderId}`}>#{r.orderId}</a>
            <a href={`/admin/members/${r.memberId}`}>#{r.memberId}</a>
            <span>{formatCents(r.amount)}</span>
            <span className={r.status === 'failed' ? 'badge badge-err' : 'badge'}>
              {MONEY_TEXT.providerRefundStatus[r.status] ?? r.status}
            </span>
            <span>{r.kind === 'exception' ? O.due : MONEY_TEXT.order.refund}</span>
            <span>{formatTime(r.at)}</span>
          </div>
        </article>
      ))}
    </section>
  );
}
