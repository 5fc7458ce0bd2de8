'use client';

import { useEffect } from 'react';
import { memberId } from '@/lib/client/identity';

/**
 * The custom-ad modal's trigger (docs/ads.md "Custom-ad modal"): renders nothing and loads its rules
 * (lib/client/ads/custom-ad-watch.ts) only for a signed-in member after the page has loaded, so home's first load
 * carries none of them.
 */
export function CustomAdTrigger({ languageType }: { languageType?: number }) {
  useEffect(() => {
    // Visitors never get the modal: they do not even load its rules.
    if (!memberId()) return;
    let cancel: (() => void) | undefined;
    let live = true;
    void import('@/lib/client/ads/custom-ad-watch').then(
      (m) => {
        if (live) cancel = m.watchCustomAd(languageType);
      },
      () => undefined,
    );
    return () => {
      live = false;
      cancel?.();
    };
  }, [languageType]);
  return null;
}
