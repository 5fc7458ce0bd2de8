import type { OrderDto } from '@/lib/server/wallet/orders';
import { SERVER_MSG } from '@/lib/server/messages';
import { formatCents } from '@/lib/shared/money';

/**
 * The sandbox provider's checkout for one order: its real state (pending, paid, cancelled, expired, rejected;
 * docs/wallet-orders.md), and the cancel and pay buttons only while it is pending. A closed order says why and
 * leads back to where the payer came from.
 */
export function SandboxCheckout({
  order,
  failed,
}: {
  order: Pick<OrderDto, 'id' | 'status' | 'price' | 'product' | 'cancel_url'>;
  failed: boolean;
}) {
  const pending = order.status === 'pending';
  const closed = !pending && order.status !== 'paid';
  return (
    <main className="shell">
      <div className="page">
        <h1 className="page-title">收银台（沙箱）</h1>
        <p className="muted small">测试支付环境，不会产生真实扣款。</p>
        {failed && pending ? (
          <p className="notice" role="alert">
            支付结果通知失败，请重试
          </p>
        ) : null}
        <dl className="facts card">
          <div>
            <dt>商品</dt>
            <dd>{order.product.name}</dd>
          </div>
          <div>
            <dt>金额</dt>
            <dd>¥{formatCents(order.price)}</dd>
          </div>
          <div>
            <dt>订单号</dt>
            <dd>{order.id}</dd>
          </div>
          <div>
            <dt>状态</dt>
            <dd data-testid="order-status">{SERVER_MSG.orderStatus[order.status] ?? SERVER_MSG.orderStatusUnknown}</dd>
          </div>
        </dl>
        <p className="muted small">充值的书币与开通的 VIP 为虚拟商品，一经购买不支持退款。</p>
        {pending ? (
          <div className="dialog-actions">
            <form method="post" action={`/pay/sandbox/${order.id}/cancel`}>
              <button type="submit" className="button button-block">
                取消支付
              </button>
            </form>
            <form method="post" action={`/pay/sandbox/${order.id}/approve`}>
              <button type="submit" className="button button-primary button-block">
                确认支付 ¥{formatCents(order.price)}
              </button>
            </form>
          </div>
        ) : null}
        {closed ? (
          <>
            <p className="notice" role="status">
              {SERVER_MSG.orderClosedNote[order.status] ?? SERVER_MSG.orderClosedDefault}
            </p>
            <a className="button button-block" href={order.cancel_url}>
              {SERVER_MSG.orderBack}
            </a>
          </>
        ) : null}
      </div>
    </main>
  );
}
