'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { PROMOTION_ACT, promotionIdOf, trackPromotion } from '@/lib/client/promotion-popup';
import { formatCents } from '@/lib/shared/money';
import { Dialog } from '../ui/dialog';
import { OrderForm } from '../wallet/order-form';
import './promotion-popup.css';

/**
 * The promotion popup (docs/shell.md "Modals"): tracks 1 on open, 2 on the button, 3 on close. `copy` is the popup
 * copy experiment's variant (docs/experiments.md "Promotion popup copy"): 'bonus' leads with the extra coins.
 */
export function PromotionPopupModal({ promotion, copy = 'control' }: ModalProps['promotion-popup']) {
  const close = useModalStore((s) => s.close);
  const id = promotionIdOf(promotion);
  const opened = useRef(false);
  const leaving = useRef(false);
  const style = promotion.promotion_popup;
  const p = promotion.product;

  useEffect(() => {
    // Once per popup, even when React runs effects twice in development.
    if (opened.current) return;
    opened.current = true;
    void trackPromotion(id, PROMOTION_ACT.open);
  }, [id]);

  const dismiss = () => {
    if (leaving.current) return;
    leaving.current = true;
    void trackPromotion(id, PROMOTION_ACT.close);
    close();
  };

  // The popup only opens on the client, so the page it came up on is known at first render.
  const [here] = useState(() => `${window.location.pathname}${window.location.search}`);

  // The button posts the order form (a signed-out reader is sent to login by the route, coming back to it); the
  // button's track is sent first, then the form goes on.
  const buy = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (leaving.current) return;
    leaving.current = true;
    const form = e.currentTarget;
    void trackPromotion(id, PROMOTION_ACT.button).finally(() => form.submit());
  };

  const vouchers = p.reward_welth_coupon + p.extra_reward_coupon;
  const validDays = p.extra_reward_coupon_valid_days || 7;
  return (
    <Dialog label={promotion.title} onClose={dismiss} centered className="promo-dialog">
      <div className="promo-card">
        {style?.popup_bg_image ? <img className="promo-bg" src={style.popup_bg_image} alt="" width={600} height={800} /> : null}
        <h2 className="promo-title">{promotion.title}</h2>
        {copy === 'bonus' && p.reward_welth > 0 ? (
          <p className="promo-ribbon" data-testid="promo-ribbon">
            今日专享 · 多送{p.reward_welth}书币
          </p>
        ) : null}
        <p className="promo-line promo-line1" style={{ color: style?.line1_text_color ?? undefined }}>
          <span className="promo-pay">充¥{formatCents(p.price)}得</span>
          <strong>{p.welth}</strong>书币
        </p>
        <p className="promo-line promo-line2" style={{ color: style?.line2_text_color ?? undefined }}>
          {p.reward_welth > 0 ? `加赠${p.reward_welth}书币` : '到账即用'}
        </p>
        <p className="promo-line promo-line3" style={{ color: style?.line3_text_color ?? undefined }}>
          {vouchers > 0 ? `再送${vouchers}书券` : '限时特惠'}
        </p>
        <p className="promo-valid" style={{ color: style?.valid_days_text_color ?? undefined }}>
          {vouchers > 0 ? `书券${validDays}天内有效` : ''}
        </p>
        <OrderForm
          order={{ pid: p.id, returnUrl: here, cancelUrl: here, nFrom: 'promotion_popup', promotionId: id }}
          buttonClassName="promo-button"
          onSubmit={buy}
        >
          {style?.popup_button_image ? (
            <img src={style.popup_button_image} alt={copy === 'bonus' ? '领取加赠' : '立即抢购'} width={560} height={120} />
          ) : copy === 'bonus' ? (
            '领取加赠'
          ) : (
            '立即抢购'
          )}
        </OrderForm>
      </div>
      <button type="button" className="promo-close" aria-label="关闭" onClick={dismiss}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </Dialog>
  );
}
