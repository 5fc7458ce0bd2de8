'use client';

import type { OrderRecord, Paged } from '@/lib/shared/dto/wallet-records';
import { formatCents } from '@/lib/shared/money';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { EmptyState } from './empty-state';
import { Pager } from './pager';
import { useMore } from '@/lib/client/use-more';

/** What one paid order brought: coins and bonus for a recharge, days for VIP, "永久" for ad removal. */
export function orderGains(o: OrderRecord): string[] {
  const parts: string[] = [];
  if (o.welth) parts.push(`${o.welth}书币`);
  if (o.reward_welth) parts.push(`赠${o.reward_welth}书币`);
  if (o.reward_welth_coupon) parts.push(`赠${o.reward_welth_coupon}书券`);
  if (!parts.length) {
    if (o.product.product_type === 'ad_removal') parts.push('永久去广告');
    else if (o.product.valid_days) parts.push(`${o.product.valid_days}天`);
  }
  return parts;
}

/** /m/coins: paid recharge and VIP orders, newest first (GET /v1/my/orders). */
export function OrderList({
  initial,
  limit,
  emptyAction,
}: {
  initial: Paged<OrderRecord>;
  limit: number;
  emptyAction: { href: string; label: string };
}) {
  const { items, hasmore, loading, more } = useMore(initial, { kind: 'orders' }, {}, limit);
  if (!items.length) return <EmptyState text="还没有充值记录" action={emptyAction} />;
  return (
    <>
      <ul className="w-records" aria-label="充值记录">
        {items.map((o) => (
          <li key={o.id} className="w-record">
            <div className="w-record-main">
              <span className="w-record-title">{o.product.name}</span>
              {/* Each part stays whole, so a long line wraps between parts, never inside "500书券". */}
              <span className="w-gain small">
                {orderGains(o).map((part, i) => (
                  <span key={part} className="w-nowrap">
                    {i ? ` + ${part}` : part}
                  </span>
                ))}
              </span>
            </div>
            <div className="w-record-side">
              <strong className="w-amount">¥{formatCents(o.price)}</strong>
              {o.discount ? <span className="w-gain small">券减{formatCents(o.discount)}元</span> : null}
              <span className="muted small">{o.paid_at ? formatBusinessTime(new Date(o.paid_at * 1000)) : ''}</span>
            </div>
          </li>
        ))}
      </ul>
      <Pager hasmore={hasmore} loading={loading} onMore={more} />
    </>
  );
}
