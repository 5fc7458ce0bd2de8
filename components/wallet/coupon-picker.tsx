import type { MemberCoupon } from '@/lib/shared/dto/shop';
import { formatCents } from '@/lib/shared/money';
import { MSG } from '@/lib/shared/messages';
import { formatBusinessTime } from '@/lib/shared/business-time';

/** The rule, unless the name already says it ("满30减5"), and the expiry day. */
function couponDetail(c: MemberCoupon): string {
  const expiry = `${formatBusinessTime(c.expires_at).slice(5, 10)}到期`;
  return /\d/.test(c.name) ? expiry : `满¥${formatCents(c.threshold_price)}减¥${formatCents(c.discount)} · ${expiry}`;
}

export interface CouponPickerProps {
  coupons: MemberCoupon[] | undefined;
  loading: boolean;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

/**
 * One coupon per recharge (docs/wallet.md "Coupons"): native radios, so keyboard and screen readers work as they should; the
 * selected look is a class, not :has(), which older in-app WebViews lack.
 * The row keeps one height whether loading, empty or full, so the packs below never move.
 */
export function CouponPicker({ coupons, loading, selectedId, onSelect }: CouponPickerProps) {
  return (
    <fieldset className="coupon-picker">
      <legend className="coupon-legend">优惠券</legend>
      <div className="coupon-row">
        {loading ? <span className="muted small">正在加载优惠券…</span> : null}
        {!loading && !coupons?.length ? <span className="muted small">暂无可用优惠券</span> : null}
        {!loading && coupons?.length ? (
          <>
            <label className={selectedId === null ? 'coupon-chip is-selected' : 'coupon-chip'}>
              <input type="radio" name="coupon" checked={selectedId === null} onChange={() => onSelect(null)} />
              <span>{MSG.noCoupon}</span>
            </label>
            {coupons.map((c) => (
              <label key={c.id} className={selectedId === c.id ? 'coupon-chip is-selected' : 'coupon-chip'}>
                <input type="radio" name="coupon" value={c.id} checked={selectedId === c.id} onChange={() => onSelect(c.id)} />
                <span>
                  {c.name}
                  <small>{couponDetail(c)}</small>
                </span>
              </label>
            ))}
          </>
        ) : null}
      </div>
    </fieldset>
  );
}
