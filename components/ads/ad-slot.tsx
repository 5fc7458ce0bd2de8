'use client';

import { useEffect, useRef, useState } from 'react';
import { clientIsland } from '@/components/ui/client-island';
import type { AdPlacement } from '@/lib/shared/ads';
import type { AdDto } from '@/lib/shared/dto/ads';

// The ad's own code (card, click, its styles) is a chunk of its own, fetched only when there is an ad to show.
const AdView = clientIsland(() => import('./ad-view').then((m) => m.AdView));

/** How far below the screen the slot may be when its ads are asked for. */
const NEAR = '300px';

/**
 * A placement's ads (docs/ads.md "Ads and placements"): an empty marker until the reader scrolls near it, then loads the ad
 * loader and asks for the ads (nothing when closed for good, ads are off, this device is marked unsupported, or the
 * member is ad-free) and renders them only if some came. So an impression is counted only where the slot is about to be seen, and neither
 * the ad code nor an ad call costs a page whose reader never gets that far.
 */
export function AdSlot({ placement, languageType, channel }: { placement: AdPlacement; languageType?: number; channel?: number }) {
  // null until the slot has asked (or decided not to); then the ads that came, maybe none.
  const [list, setList] = useState<AdDto[] | null>(null);
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    // The loader and the client rules are a chunk of their own too: fetched once the slot nears the screen.
    const start = () =>
      void import('@/lib/client/ads/load')
        .then((m) => m.loadAdsForSlot({ placement, languageType, channel }))
        .then(
          (r) => {
            if (live) setList(r.ad_free ? [] : r.list);
          },
          () => {
            if (live) setList([]);
          },
        );
    const el = marker.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      start();
      return () => void (live = false);
    }
    const seen = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        seen.disconnect();
        start();
      },
      { rootMargin: `0px 0px ${NEAR} 0px` },
    );
    seen.observe(el);
    return () => {
      live = false;
      seen.disconnect();
    };
  }, [placement, languageType, channel]);
  // data-ads="none" once the slot has its answer and it holds no ad: the moment an ad would have shown, so the
  // journeys assert an ad's absence after it rather than after a fixed wait (docs/development.md "The suite's budget").
  return list?.length ? (
    <AdView list={list} carousel={placement === 'home_carousel'} />
  ) : (
    <div ref={marker} className="ad-marker" aria-hidden="true" data-ads={list ? 'none' : undefined} />
  );
}
