'use client';

import { PromotionPopupTrigger } from '@/components/promo/promotion-popup-trigger';
import { CheckinDailyTrigger } from '@/components/activity/checkin-daily-trigger';
import { CustomAdTrigger } from '@/components/ads/custom-ad-trigger';

/**
 * Home's modal triggers (the promotion popup, the daily check-in, the custom ad), one chunk that
 * DeferredHomeTriggers loads after home's first screen is interactive (docs/operations.md "Home's deferred triggers").
 */
export default function HomeTriggers({ languageType, interacted }: { languageType: number; interacted: boolean }) {
  return (
    <>
      <PromotionPopupTrigger interacted={interacted} />
      <CheckinDailyTrigger />
      <CustomAdTrigger languageType={languageType} />
    </>
  );
}
