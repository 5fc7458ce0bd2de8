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
/**
 * Where the trigger stopped: `waiting` for the reader's first interaction, then one of the outcomes. Reported to
 * `onStep` (tests await it, so an absence is asserted once the trigger has decided, not after a guessed wait).
 */
export type PromotionPopupStep =
  'waiting' | 'opened' | 'no_config' | 'cannot_pay' | 'other_modal' | 'no_promotion' | 'shown_today' | 'aborted';

export function PromotionPopupTrigger({
  onStep,
  interacted: already = false,
}: {
  onStep?: (step: PromotionPopupStep) => void;
  /** The reader has interacted already: home's deferred triggers were loaded by that interaction. */
  interacted?: boolean;
} = {}) {
  useEffect(() => {
    const aborted = new AbortController();
    const interacted = already ? Promise.resolve() : afterFirstInteraction(aborted.signal);
    const run = async (): Promise<PromotionPopupStep> => {
      const flags = await loadConfig().catch(() => null);
      if (aborted.signal.aborted) return 'aborted';
      if (!flags?.promotion_popup) return 'no_config';
      const { canPay, showRechargeNav } = paymentAvailability(navigator.userAgent, flags);
      if (!canPay || !showRechargeNav) return 'cannot_pay';
      if (useModalStore.getState().current) return 'other_modal';
      const list = await fetchPromotions();
      const promotion = pickPromotion(list, flags.promotion_popup);
      if (!promotion) return 'no_promotion';
      onStep?.('waiting');
      await interacted;
      if (aborted.signal.aborted) return 'aborted';
      if (useModalStore.getState().current) return 'other_modal';
      if (!claimDailyShow()) return 'shown_today';
      // The copy experiment's exposure is this call, made only when the popup is about to show.
      const copy = await promoCopyVariant();
      if (aborted.signal.aborted) return 'aborted';
      if (useModalStore.getState().current) return 'other_modal';
      useModalStore.getState().open('promotion-popup', { promotion, copy });
      return 'opened';
    };
    void run().then((step) => onStep?.(step));
    return () => aborted.abort();
  }, [onStep, already]);
  return null;
}
