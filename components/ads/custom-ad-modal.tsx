'use client';

import { ADS_MSG } from '@/lib/shared/ads-text';
import { formatCents } from '@/lib/shared/money';
import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { followAd } from '@/lib/client/ads/load';
import { Dialog } from '../ui/dialog';
import { OrderForm } from '../wallet/order-form';
import { AdCard } from './ad-card';
import './ads.css';

/**
 * The custom-ad modal (docs/ads.md "Custom-ad modal"): the tbs_ad_custom_text line, the running custom-modal ad if any,
 * and the 9.9 permanent removal as a real order form under scene 10009.
 */
export function CustomAdModal({ info }: ModalProps['custom-ad']) {
  const close = useModalStore((s) => s.close);
  const here = typeof window === 'undefined' ? '/m' : `${window.location.pathname}${window.location.search}`;
  return (
    <Dialog label={ADS_MSG.modalTitle} onClose={close} centered className="ad-custom-modal">
      <h2 className="dialog-title">{ADS_MSG.modalTitle}</h2>
      <p className="dialog-body" data-testid="custom-ad-text">
        {info.text}
      </p>
      {info.ad ? (
        <a
          href="#"
          className="ad-link"
          onClick={(e) => {
            e.preventDefault();
            void followAd(info.ad!.token).catch(() => undefined);
          }}
        >
          <AdCard title={info.ad.title} body={info.ad.body} image={info.ad.image} />
        </a>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={close}>
          {ADS_MSG.modalLater}
        </button>
        {info.offer ? (
          <OrderForm
            order={{ pid: info.offer.product_id, returnUrl: here, cancelUrl: here, scene: info.offer.scene, nFrom: 'custom_ad' }}
            buttonClassName="button button-primary"
            testId="custom-ad-buy"
          >
            {ADS_MSG.modalBuy(formatCents(info.offer.price))}
          </OrderForm>
        ) : null}
      </div>
    </Dialog>
  );
}
