'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import type { AdPlacement } from '@/lib/shared/ads';
import type { AdDto } from '@/lib/shared/dto/ads';
import { loadAds } from '@/lib/client/ads/load';
import { adStorage, carouselClosed } from '@/lib/client/ads/rules';

// The ad's own code (card, click, 去广告, its styles) is a chunk of its own, fetched only when there is an ad to show.
const AdView = dynamic(() => import('./ad-view').then((m) => m.AdView), { ssr: false });

/**
 * A placement's ads (docs/ads.md "Placements"): after the page is up, asks for them (nothing when closed for good,
 * ads are off, this device is marked unsupported, or the member is ad-free) and renders them only if some came.
 */
export function AdSlot({ placement, languageType, channel }: { placement: AdPlacement; languageType?: number; channel?: number }) {
  const [list, setList] = useState<AdDto[]>([]);
  useEffect(() => {
    if (placement === 'home_carousel' && carouselClosed(adStorage())) return;
    let live = true;
    const start = () =>
      void loadAds({ placement, languageType, channel }).then((r) => {
        if (live && !r.ad_free) setList(r.list);
      });
    const idle = window.requestIdleCallback?.(start, { timeout: 2000 });
    const timer = idle === undefined ? setTimeout(start, 300) : undefined;
    return () => {
      live = false;
      if (idle !== undefined) window.cancelIdleCallback?.(idle);
      clearTimeout(timer);
    };
  }, [placement, languageType, channel]);
  return list.length ? <AdView list={list} carousel={placement === 'home_carousel'} /> : null;
}
