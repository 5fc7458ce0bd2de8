'use client';

import { useState } from 'react';
import { ADS_MSG } from '@/lib/shared/ads-text';
import type { AdDto } from '@/lib/shared/dto/ads';
import { followAd } from '@/lib/client/ads/load';
import { adStorage, closeCarousel, recordAdError } from '@/lib/client/ads/rules';
import { AdCard } from './ad-card';
import './ads.css';

/**
 * The ads of one placement as the reader sees them (docs/ads.md "Ads and placements"), loaded only once there is an ad to
 * show (去广告's order code only when tapped): a swipeable strip on home with ✕ (closed for good on this device) and 去广告, one card elsewhere with
 * 去广告. A tap counts the click once and goes where staff pointed the ad; a picture that fails counts an ad error.
 */
export function AdView({ list, carousel = false }: { list: AdDto[]; carousel?: boolean }) {
  const [closed, setClosed] = useState(false);
  if (closed || !list.length) return null;
  const cards = list.map((ad) => (
    <a
      key={ad.token}
      className="ad-link"
      href="#"
      data-testid={`ad-${ad.placement}`}
      onClick={(e) => {
        e.preventDefault();
        void followAd(ad.token).catch(() => recordAdError(adStorage()));
      }}
    >
      <AdCard title={ad.title} body={ad.body} image={ad.image} onImageError={() => recordAdError(adStorage())} />
    </a>
  ));
  return (
    <aside className="ad-slot" aria-label={ADS_MSG.adLabel} data-testid={carousel ? 'ad-carousel' : 'ad-slot'}>
      {carousel ? <div className="ad-strip">{cards}</div> : cards}
      <div className="ad-actions">
        <button type="button" onClick={() => void import('./remove-ads').then((m) => m.startAdRemoval())}>
          <span>{ADS_MSG.removeAds}</span>
        </button>
        {carousel ? (
          <button
            type="button"
            aria-label={ADS_MSG.close}
            onClick={() => {
              closeCarousel(adStorage());
              setClosed(true);
            }}
          >
            <span aria-hidden="true">✕</span>
          </button>
        ) : null}
      </div>
    </aside>
  );
}
