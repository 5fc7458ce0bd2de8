import type { MemberCoupon, ShopProduct } from '@/lib/shared/dto/shop';
import { formatCents } from '@/lib/shared/money';
import { MSG } from '@/lib/shared/messages';
import { couponApplies, payablePrice, quotaState, type OrderInput } from '@/lib/shared/recharge';
import { OrderForm } from './order-form';

export interface PackCardProps {
  product: ShopProduct;
  /** The chosen coupon; it only changes the price when this pack reaches its threshold. */
  coupon: MemberCoupon | null;
  /** The order this card posts (its coupon already decided by the caller). */
  order: OrderInput;
}

function bonusParts(p: ShopProduct): string[] {
  const parts: string[] = [];
  if (p.reward_welth > 0) parts.push(`送${p.reward_welth}书币`);
  if (p.reward_welth_coupon > 0) parts.push(`送${p.reward_welth_coupon}书券`);
  return parts;
}

/**
 * One recharge pack: the whole card is the submit button of a form posting the order to /orders/create, so one
 * tap buys, with or without JavaScript. A sold-out pack is not a button at all.
 */
export function PackCard({ product: p, coupon, order }: PackCardProps) {
  const quota = quotaState(p.quota);
  const applies = couponApplies(coupon, p);
  const pay = payablePrice(p, coupon);
  const bonus = bonusParts(p);
  const special = p.name !== `${p.welth}书币` ? p.name.replace(`${p.welth}书币`, '').trim() : '';
  const body = (
    <>
      {special ? <span className="pack-tag">{special}</span> : null}
      <span className="pack-coins">
        <strong>{p.welth}</strong>书币
      </span>
      {/* Each bonus keeps together: on a 360 px phone the line breaks between them, never inside one. */}
      <span className="pack-bonus">
        {bonus.length
          ? bonus.map((b, i) => (
              <span key={b} className="pack-bonus-part">
                {i > 0 ? ' · ' : ''}
                {b}
              </span>
            ))
          : '\u00a0'}
      </span>
      {p.extra_reward_coupon > 0 ? (
        <span className="pack-extra">
          加赠{p.extra_reward_coupon}书券 · {p.extra_reward_coupon_valid_days}天有效
        </span>
      ) : null}
      {coupon && !applies ? <span className="pack-note">{MSG.couponTooHigh(formatCents(coupon.threshold_price))}</span> : null}
      {quota.kind === 'left' ? <span className="pack-quota">{MSG.quotaLeft(quota.left)}</span> : null}
      {quota.kind === 'sold_out' ? <span className="pack-quota pack-quota-out">{p.sold_out_text || MSG.soldOut}</span> : null}
      {/* The price sits at the foot of every card, so the buttons of a row line up. */}
      <span className="pack-spacer" aria-hidden="true" />
      <span className="pack-price">
        ¥{formatCents(pay)}
        {applies && pay < p.price ? <s className="pack-list-price">¥{formatCents(p.price)}</s> : null}
      </span>
    </>
  );
  return (
    <li className="pack">
      {quota.kind === 'sold_out' ? (
        <div className="pack-body pack-sold-out" aria-disabled="true" data-testid={`pack-${p.id}`}>
          {body}
        </div>
      ) : (
        <OrderForm order={order} buttonClassName="pack-body pack-button" testId={`pack-${p.id}`}>
          {body}
        </OrderForm>
      )}
    </li>
  );
}
