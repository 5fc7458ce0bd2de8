'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import type { CouponRecord, CouponStatus, Paged } from '@/lib/shared/dto/wallet-records';
import { formatCents } from '@/lib/shared/money';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { expiryText } from '@/lib/shared/wallet-text';
import { EmptyState } from './empty-state';
import { Pager } from './pager';
import { useMore } from '@/lib/client/use-more';

const EMPTY: Record<CouponStatus, string> = { usable: '暂无可用优惠券', used: '还没有用过优惠券', expired: '没有过期的优惠券' };

/**
 * /m/mall/vouchers-inline: the member's recharge coupons of one tab (GET /v1/my/coupons). A usable one offers
 * "去使用", which opens the recharge page (`useHref`) where the coupon is picked. `now` comes from the server render.
 */
export function CouponList({
  initial,
  status,
  limit,
  now,
  useHref,
  emptyAction,
}: {
  initial: Paged<CouponRecord>;
  status: CouponStatus;
  limit: number;
  now: number;
  useHref: string;
  emptyAction?: { href: string; label: string };
}) {
  const { items, hasmore, loading, more } = useMore(initial, { kind: 'coupons' }, { status }, limit);
  if (!items.length) return <EmptyState text={EMPTY[status]} action={status === 'usable' ? emptyAction : undefined} />;
  return (
    <>
      <ul className="w-coupons" aria-label="优惠券">
        {items.map((c) => (
          <li key={c.id} className={c.status === 'usable' ? 'w-coupon' : 'w-coupon w-coupon-off'}>
            <div className="w-coupon-value">
              <span className="w-coupon-discount">
                <small>¥</small>
                {formatCents(c.discount)}
              </span>
              <span className="small">满{formatCents(c.threshold_price)}元可用</span>
            </div>
            <div className="w-coupon-body">
              <span className="w-record-title">{c.name}</span>
              {/* The date alone keeps the line whole at 360 px; the countdown below gives the hours. */}
              <span className="muted small w-nowrap">{formatBusinessTime(c.expires_at).slice(0, 10)} 到期</span>
              {c.status === 'usable' ? <span className="w-countdown small">{expiryText(c.expires_at, now)}</span> : null}
            </div>
            <div className="w-coupon-side">
              {c.status === 'usable' ? (
                <Link href={useHref} className="button button-primary w-coupon-use" aria-label={`去使用 ${c.name}`}>
                  去使用
                </Link>
              ) : (
                <span className="muted small">{c.status === 'used' ? '已使用' : '已过期'}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pager hasmore={hasmore} loading={loading} onMore={more} />
    </>
  );
}
