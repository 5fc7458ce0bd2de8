'use client';

import { useEffect } from 'react';
import { paymentAvailability } from '@/lib/shared/payment-availability';
import { fetchPromotions } from '@/lib/client/reads/shop';
import { loadConfig } from '@/lib/client/config';
import { afterFirstInteraction, claimDailyShow, pickPromotion, promoCopyVariant } from '@/lib/client/promotion-popup';
import { useModalStore } from '@/lib/client/stores/modal-store';

/**
 * On home: opens the promotion popup (docs/shell.md "Modals") when the config names a promotion, this browser may pay
 * and see recharge offers, no other modal is open, and it has not been shown on this device today. The config and
 * the promotion load with the page, the popup opens on the reader's first scroll or tap (so its artwork is never
 * the page's largest paint). Renders nothing; the popup itself is the modal host's lazily loaded chunk. Uses the
 * config loader, not SWR, to keep home's first load small.
 */
export function PromotionPopupTrigger() {
  useEffect(() => {
    const aborted = new AbortController();
    const interacted = afterFirstInteraction(aborted.signal);
    void (async () => {
      const flags = await loadConfig().catch(() => null);
      if (aborted.signal.aborted || !flags?.promotion_popup) return;
      const { canPay, showRechargeNav } = paymentAvailability(navigator.userAgent, flags);
      if (!canPay || !showRechargeNav || useModalStore.getState().current) return;
      const list = await fetchPromotions();
      const promotion = pickPromotion(list, flags.promotion_popup);
      if (!promotion) return;
      await interacted;
      if (aborted.signal.aborted || useModalStore.getState().current) return;
      if (!claimDailyShow()) return;
      // The copy experiment's exposure is this call, made only when the popup is about to show.
      const copy = await promoCopyVariant();
      if (aborted.signal.aborted || useModalStore.getState().current) return;
      useModalStore.getState().open('promotion-popup', { promotion, copy });
    })();
    return () => aborted.abort();
  }, []);
  return null;
}
