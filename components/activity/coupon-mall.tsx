'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useState } from 'react';
import type { MallCoupon } from '@/lib/shared/dto/activity';
import { ACTIVITY_MSG as T } from '@/lib/shared/activity-text';
import { formatCents } from '@/lib/shared/money';
import { claimMallCoupon } from '@/lib/client/activity';
import { useMallCoupons } from '@/lib/client/swr/use-activity';
import { useHydrated } from '@/lib/client/use-hydrated';

/**
 * 领券中心 (docs/activity-pages.md "Coupon mall"): the coupons on offer — discount and threshold in yuan, valid
 * days, left of stock — with 领取, then 已领取; 已抢光 when none is left. Three placeholder rows hold the place.
 */
export function CouponMall({ memberKey, initial }: { memberKey: string; initial?: MallCoupon[] }) {
  const { data, error, mutate } = useMallCoupons(memberKey, initial);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<number | null>(null);

  const claim = async (c: MallCoupon) => {
    setBusy(c.id);
    try {
      await claimMallCoupon(c.id);
      // From `data`, not the cache: the server render's answer is fallback data, which the cache does not hold.
      if (data) {
        await mutate(
          data.map((x) => (x.id === c.id ? { ...x, claimed: true, left: Math.max(0, x.left - 1) } : x)),
          { revalidate: false },
        );
      }
    } catch {
      // The server's reason is on screen (sold out, already claimed); reload the real stock.
      void mutate();
    } finally {
      setBusy(null);
    }
  };

  if (!data) {
    return error ? (
      <p className="a-error">
        {T.loadFailed}{' '}
        <button type="button" className="link-button" onClick={() => void mutate()}>
          {T.retry}
        </button>
      </p>
    ) : (
      <ul className="w-coupons" aria-busy="true" aria-label={T.loading}>
        {[0, 1, 2].map((i) => (
          <li key={i} className="w-coupon a-coupon-empty" />
        ))}
      </ul>
    );
  }
  if (!data.length) return <p className="w-empty">{T.couponsEmpty}</p>;
  return (
    <ul className="w-coupons" aria-label="可领优惠券">
      {data.map((c) => {
        const soldOut = !c.claimed && c.left <= 0;
        return (
          <li key={c.id} className={soldOut ? 'w-coupon w-coupon-off' : 'w-coupon'} data-testid={`mall-coupon-${c.id}`}>
            <div className="w-coupon-value">
              <span className="w-coupon-discount">
                <small>¥</small>
                {formatCents(c.discount)}
              </span>
              <span className="small">{T.couponThreshold(formatCents(c.threshold_price))}</span>
            </div>
            <div className="w-coupon-body">
              <span className="w-record-title">{c.name}</span>
              <span className="muted small w-nowrap">{T.couponValid(c.valid_days)}</span>
              <span className="muted small w-nowrap">{T.couponLeft(c.left, c.stock)}</span>
            </div>
            <div className="w-coupon-side">
              {c.claimed ? (
                <span className="a-mission-done">{T.couponClaimed}</span>
              ) : soldOut ? (
                <span className="muted small">{T.couponSoldOut}</span>
              ) : (
                <button
                  type="button"
                  className="button button-primary w-coupon-use"
                  onClick={() => claim(c)}
                  disabled={!hydrated || busy !== null}
                  aria-label={`${T.couponClaim} ${c.name}`}
                >
                  {T.couponClaim}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Under the mall: 我的优惠券 and 去充值 (where a claimed coupon is used). */
export function CouponMallLinks({ rechargeHref, showRecharge }: { rechargeHref: string; showRecharge: boolean }) {
  return (
    <div className="a-links">
      <Link href="/m/mall/vouchers-inline" className="button">
        {T.myCoupons}
      </Link>
      {showRecharge ? (
        <a href={rechargeHref} className="button button-primary">
          {T.goRecharge}
        </a>
      ) : null}
    </div>
  );
}
