import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { payContextFor } from '@/lib/server/wallet/payments/context';
import { payerOrder, startProviderPayment } from '@/lib/server/wallet/payments/pay-flow';
import { readId } from '@/lib/shared/page-params';
import { PAY_TEXT } from '@/lib/shared/payment-text';
import { ORDER_FAILURES } from '@/lib/shared/order-failure';
import { JsapiBridge } from './jsapi-bridge';
import { OrderClosed } from './order-closed';

export const metadata: Metadata = { title: PAY_TEXT.startingTitle, robots: { index: false } };

/**
 * /pay/{provider}/{orderId} — the pay address of an order opened with a real provider (docs/payments.md "The pay
 * page"): the payer's own pending order only; the provider's cashier (H5) is a redirect, the messaging app's
 * in-page payment (JSAPI) is called from this page; both come back to the result page.
 */
export default async function ProviderPay({ params }: { params: Promise<{ provider: string; orderId: string }> }) {
  await connection();
  const { provider, orderId } = await params;
  const id = readId(orderId);
  const member = await currentMember();
  if (!member) redirect(`/m/login?next=${encodeURIComponent(`/pay/${provider}/${orderId}`)}`);
  const order = id ? await payerOrder(provider, id, member.id) : null;
  if (!order) notFound();
  if (order.status === 'paid') redirect(order.return_url);
  if (order.status !== 'pending') return <OrderClosed order={order} />;
  const started = await startProviderPayment(provider, order, await payContextFor(await headers(), member.id));
  if (!started.ok) {
    return (
      <main className="shell">
        <div className="page">
          <h1 className="page-title">{PAY_TEXT.startingTitle}</h1>
          <p className="notice" role="alert">
            {ORDER_FAILURES[started.reason]}
          </p>
          <a className="button button-block" href={order.cancel_url}>
            {PAY_TEXT.back}
          </a>
        </div>
      </main>
    );
  }
  if (started.start.kind === 'redirect') redirect(started.start.url);
  return (
    <JsapiBridge
      params={started.start.params}
      resultUrl={`/pay/${provider}/${order.id}/result`}
      cancelAction={`/pay/${provider}/${order.id}/cancel`}
    />
  );
}
