'use client';

import { useEffect } from 'react';

/**
 * The custom-ad modal's trigger (docs/ads.md "Custom-ad modal"): renders nothing and loads its rules
 * (lib/client/ads/custom-ad-watch.ts) only after the page has loaded, so home's first load carries none of them.
 */
export function CustomAdTrigger({ languageType }: { languageType?: number }) {
  useEffect(() => {
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
