import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { ORDER_FAILURES, type OrderFailure } from '@/lib/shared/order-failure';
import { readEnum, type SearchParams } from '@/lib/shared/page-params';
import { returnPathOr } from '@/lib/shared/return-path';

export const metadata: Metadata = { title: '下单失败', robots: { index: false } };

const REASONS = Object.keys(ORDER_FAILURES) as [OrderFailure, ...OrderFailure[]];

/** Where /orders/create sends a payer whose order could not be opened: our own text for the reason, and the way back. */
export default async function OrderFailed({ searchParams }: { searchParams: SearchParams }) {
  const q = await searchParams;
  const reason = readEnum(q.reason, REASONS, 'other');
  const back = returnPathOr(typeof q.back === 'string' ? q.back : null);
  return (
    <main className="shell">
      <div className="page">
        <h1 className="page-title">未能下单</h1>
        <p className="notice" role="alert">
          {ORDER_FAILURES[reason]}
        </p>
        <Link className="button button-primary button-block" href={back}>
          返回
        </Link>
      </div>
    </main>
  );
}
