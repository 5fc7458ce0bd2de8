import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { payerOrder, settlePendingOrder } from '@/lib/server/wallet/payments/pay-flow';
import { readId, type SearchParams } from '@/lib/shared/page-params';
import { PAY_TEXT } from '@/lib/shared/payment-text';
import { formatCents } from '@/lib/shared/money';
import { SERVER_MSG } from '@/lib/server/messages';
import { OrderClosed } from '../order-closed';

export const metadata: Metadata = { title: PAY_TEXT.resultTitle, robots: { index: false } };

/**
 * /pay/{provider}/{orderId}/result — where the provider sends the payer back (H5 `redirect_url`, the JSAPI
 * callback). The payer may be back before the notification: the provider is asked, a payment it reports is
 * credited once, and a paid order goes on to its return address (docs/payments.md "The pay page").
 */
export default async function ProviderPayResult({
  params,
  searchParams,
}: {
  params: Promise<{ provider: string; orderId: string }>;
  searchParams: SearchParams;
}) {
  await connection();
  const { provider, orderId } = await params;
  const id = readId(orderId);
  const member = await currentMember();
  if (!member) redirect(`/m/login?next=${encodeURIComponent(`/pay/${provider}/${orderId}/result`)}`);
  const found = id ? await payerOrder(provider, id, member.id) : null;
  if (!found) notFound();
  const order = await settlePendingOrder(provider, found, member.id);
  if (order.status === 'paid') redirect(order.return_url);
  if (order.status !== 'pending') return <OrderClosed order={order} />;
  const cancelled = (await searchParams).cancelled === '1';
  return (
    <main className="shell">
      <div className="page">
        <h1 className="page-title">{PAY_TEXT.resultTitle}</h1>
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
            <dt>状态</dt>
            <dd data-testid="order-status">{SERVER_MSG.orderStatus[order.status]}</dd>
          </div>
        </dl>
        <p className="notice" role="status">
          {cancelled ? PAY_TEXT.resultCancelled : PAY_TEXT.resultPending}
        </p>
        <div className="dialog-actions">
          <form method="post" action={`/pay/${provider}/${order.id}/cancel`}>
            <button type="submit" className="button button-block">
              取消支付
            </button>
          </form>
          <a
            className="button button-primary button-block"
            href={cancelled ? `/pay/${provider}/${order.id}` : `/pay/${provider}/${order.id}/result`}
          >
            {cancelled ? PAY_TEXT.retry : PAY_TEXT.resultRefresh}
          </a>
        </div>
      </div>
    </main>
  );
}
