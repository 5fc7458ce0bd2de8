import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { getOrderOrThrow } from '@/lib/server/wallet/orders';
import { formatCents } from '@/lib/shared/money';
import { readId } from '@/lib/shared/page-params';

export const metadata: Metadata = { title: '收银台（沙箱）', robots: { index: false } };

/** The sandbox payment provider's hosted page: plain form POSTs, so scripts can drive it too. */
export default async function SandboxPay({ params, searchParams }: { params: Promise<{ orderId: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  await connection();
  const id = readId((await params).orderId);
  // The payer's own checkout only: another member's order (ids are sequential) is not found.
  const member = await currentMember();
  const order = id && member ? await getOrderOrThrow(id, member.id).catch(() => null) : null;
  if (!order) notFound();
  const { failed } = await searchParams;
  return (
    <main className="shell">
      <div className="page">
        <h1 className="page-title">收银台（沙箱）</h1>
        <p className="muted small">测试支付环境，不会产生真实扣款。</p>
        {failed ? <p className="notice" role="alert">支付结果通知失败，请重试</p> : null}
        <dl className="facts card">
          <div><dt>商品</dt><dd>{order.product.name}</dd></div>
          <div><dt>金额</dt><dd>¥{formatCents(order.price)}</dd></div>
          <div><dt>订单号</dt><dd>{order.id}</dd></div>
          <div><dt>状态</dt><dd>{order.status === 'paid' ? '已支付' : order.status === 'cancelled' ? '已取消' : '待支付'}</dd></div>
        </dl>
        <p className="muted small">充值的书币与开通的 VIP 为虚拟商品，一经购买不支持退款。</p>
        {order.status === 'pending' ? (
          <div className="dialog-actions">
            <form method="post" action={`/pay/sandbox/${order.id}/cancel`}>
              <button type="submit" className="button button-block">取消支付</button>
            </form>
            <form method="post" action={`/pay/sandbox/${order.id}/approve`}>
              <button type="submit" className="button button-primary button-block">确认支付 ¥{formatCents(order.price)}</button>
            </form>
          </div>
        ) : null}
      </div>
    </main>
  );
}
