import type { OrderDto } from '@/lib/server/wallet/orders';
import { SERVER_MSG } from '@/lib/server/messages';

/** A cancelled, expired or rejected order: why it cannot be paid, and the way back (docs/wallet-orders.md "States"). */
export function OrderClosed({ order }: { order: Pick<OrderDto, 'status' | 'cancel_url'> }) {
  return (
    <main className="shell">
      <div className="page">
        <h1 className="page-title">{SERVER_MSG.orderStatus[order.status] ?? SERVER_MSG.orderStatusUnknown}</h1>
        <p className="notice" role="status" data-testid="order-status">
          {SERVER_MSG.orderClosedNote[order.status] ?? SERVER_MSG.orderClosedDefault}
        </p>
        <a className="button button-block" href={order.cancel_url}>
          {SERVER_MSG.orderBack}
        </a>
      </div>
    </main>
  );
}
