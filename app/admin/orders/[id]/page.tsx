import type { Metadata } from 'next';
import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { formatCents } from '@/lib/shared/money';
import { readId } from '@/lib/shared/page-params';
import { readFlash } from '@/lib/server/staff/flash';
import { orderForConsole } from '@/lib/server/staff/orders';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, type SearchParams } from '../../_components/shell';

export const metadata: Metadata = { title: MONEY_TEXT.orders.heading };

/**
 * What the provider says became of the refund's money (docs/payments.md "Refund outcomes"); nothing for the sandbox.
 * A failed one offers staff who may refund the way to record that they returned the money by hand.
 */
function ProviderRefundStatus({
  status,
  at,
  orderId,
  canHandle,
}: {
  status: string | null;
  at: Date | null;
  orderId: number;
  canHandle: boolean;
}) {
  if (!status) return null;
  return (
    <>
      <p className={status === 'failed' ? 'flash flash-err' : status === 'pending' ? 'flash' : 'flash flash-ok'} role="status">
        {MONEY_TEXT.order.providerRefundStatus}：
        <strong data-testid="provider-refund-status">{MONEY_TEXT.providerRefundStatus[status] ?? status}</strong>
        {at ? `（${MONEY_TEXT.order.providerRefundAt(formatTime(at))}）` : null}
      </p>
      {status === 'failed' && canHandle ? (
        <form method="post" action="/admin/actions/orders" className="filters" aria-label={MONEY_TEXT.order.handledButton}>
          <input type="hidden" name="op" value="refund_handled" />
          <input type="hidden" name="id" value={orderId} />
          <input type="hidden" name="back" value={`/admin/orders/${orderId}`} />
          <label>
            {MONEY_TEXT.order.handledNote}
            <input name="note" required maxLength={200} />
          </label>
          <button type="submit" className="danger">
            {MONEY_TEXT.order.handledButton}
          </button>
        </form>
      ) : null}
    </>
  );
}

const O = MONEY_TEXT.order;

// /admin/orders/{id}: an order's state, what it credits, the provider's notifications, its refund (docs/wallet.md
// "Refunds"). The refund form is a plain POST; the override box appears only for the kinds policy does not refund.
export default async function OrderPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const staff = await requireStaff('orders');
  const { id: raw } = await params;
  const flash = readFlash(await searchParams);
  const id = readId(raw);
  const view = id ? await orderForConsole(staff.actor, id) : null;
  if (!view) {
    return (
      <ConsoleShell staff={staff} current="orders" flash={flash}>
        <p role="alert">{O.missing}</p>
      </ConsoleShell>
    );
  }
  const { order, product, member, refund, exception } = view;
  const back = `/admin/orders/${order.id}`;
  return (
    <ConsoleShell staff={staff} current="orders" flash={flash}>
      <h1>{O.heading(order.id)}</h1>
      <div className="meta">
        <span className="badge" data-testid="order-status">
          {MONEY_TEXT.orderStatus[order.status] ?? order.status}
        </span>
        <a href={`/admin/members/${member.id}`}>
          #{member.id} {member.nickname ?? MONEY_TEXT.member.guest}
        </a>
        <span>{member.phone ?? ''}</span>
        <span>
          {MONEY_TEXT.orders.createdAt}：{formatTime(order.createdAt)}
        </span>
        {order.paidAt ? (
          <span>
            {MONEY_TEXT.orders.paidAt}：{formatTime(order.paidAt)}
          </span>
        ) : null}
      </div>

      <h2>{O.items}</h2>
      <div className="table-wrap">
        <table>
          <tbody>
            <tr>
              <th>{MONEY_TEXT.orders.product}</th>
              <td>
                {product.name}（{MONEY_TEXT.productTypes[product.productType] ?? product.productType}）
              </td>
            </tr>
            <tr>
              <th>{MONEY_TEXT.orders.price}</th>
              <td data-testid="order-price">{formatCents(order.price)}</td>
            </tr>
            {order.discount ? (
              <tr>
                <th>{O.discount}</th>
                <td>{formatCents(order.discount)}</td>
              </tr>
            ) : null}
            {product.welth ? (
              <tr>
                <th>{MONEY_TEXT.member.coins}</th>
                <td>{O.coins(product.welth)}</td>
              </tr>
            ) : null}
            {product.rewardWelth || product.rewardWelthCoupon || product.extraRewardCoupon ? (
              <tr>
                <th>{MONEY_TEXT.kinds.recharge_bonus}</th>
                <td>{O.bonus(product.rewardWelth, product.rewardWelthCoupon + product.extraRewardCoupon)}</td>
              </tr>
            ) : null}
            {product.validDays ? (
              <tr>
                <th>{MONEY_TEXT.productTypes[product.productType] ?? product.productType}</th>
                <td>{O.days(product.validDays)}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      <h2>{O.notifications}</h2>
      {view.notifications.length === 0 ? <p>{O.notificationsEmpty}</p> : null}
      {view.notifications.length ? (
        <div className="table-wrap">
          <table data-testid="order-notifications">
            <thead>
              <tr>
                <th>{O.notificationId}</th>
                <th>{MONEY_TEXT.orders.price}</th>
                <th>{O.receivedAt}</th>
              </tr>
            </thead>
            <tbody>
              {view.notifications.map((n) => (
                <tr key={n.id}>
                  <td>
                    {n.provider}:{n.notificationId}
                  </td>
                  <td>{n.amount === null ? '' : formatCents(n.amount)}</td>
                  <td>{formatTime(n.receivedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {exception ? (
        <p className={exception.refundStatus === 'due' ? 'flash flash-err' : 'flash flash-ok'} role="status">
          {exception.refundStatus === 'due' ? O.exception : O.exceptionDone}（{formatCents(exception.amount)}）
        </p>
      ) : null}
      {exception ? (
        <ProviderRefundStatus
          status={exception.providerRefundStatus}
          at={exception.providerRefundAt}
          orderId={order.id}
          canHandle={staff.can('refunds')}
        />
      ) : null}
      {exception?.refundStatus === 'due' && staff.can('refunds') ? (
        <form method="post" action="/admin/actions/orders" className="actions">
          <input type="hidden" name="op" value="exception_refund" />
          <input type="hidden" name="id" value={exception.id} />
          <input type="hidden" name="back" value={back} />
          <button type="submit" className="danger">
            {MONEY_TEXT.orders.refundDue}
          </button>
        </form>
      ) : null}

      <h2>{O.refund}</h2>
      {refund ? (
        <div data-testid="order-refund">
          <p className="flash flash-ok" role="status">
            {O.refunded(formatCents(refund.amount), refund.staffName ?? '—', formatTime(refund.createdAt))}
          </p>
          <p className="meta">
            <span>{refund.reason}</span>
            <span>
              {O.reversed(
                Number((refund.reversed as Record<string, number>).coins ?? 0),
                Number((refund.reversed as Record<string, number>).vouchers ?? 0),
                Number((refund.reversed as Record<string, number>).periods_ended ?? 0),
              )}
            </span>
            {refund.providerRefundRef ? (
              <span>
                {O.providerRef}：{refund.providerRefundRef}
              </span>
            ) : null}
          </p>
          <ProviderRefundStatus
            status={refund.providerRefundStatus}
            at={refund.providerRefundAt}
            orderId={order.id}
            canHandle={staff.can('refunds')}
          />
        </div>
      ) : order.status !== 'paid' ? (
        <p>{O.notRefundable}</p>
      ) : staff.can('refunds') ? (
        <form method="post" action="/admin/actions/orders" className="filters" aria-label={O.refund}>
          <input type="hidden" name="op" value="refund" />
          <input type="hidden" name="id" value={order.id} />
          <input type="hidden" name="back" value={back} />
          <p className="meta">{O.overrideHint}</p>
          <label>
            {O.refundReason}
            <input name="reason" required maxLength={200} />
          </label>
          {view.needsOverride ? (
            <label>
              <input type="checkbox" name="override" value="1" /> {O.override}
            </label>
          ) : null}
          <button type="submit" className="danger">
            {O.refundButton}
          </button>
        </form>
      ) : null}
    </ConsoleShell>
  );
}
