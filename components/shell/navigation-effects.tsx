'use client';

import { useEffect, useRef } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { installErrorCatalogue } from '@/lib/client/error-catalogue';
import { trackingId } from '@/lib/client/identity';
import { postLog } from '@/lib/client/post-log';

/**
 * Per location change: scroll to top unless the change came from back/forward (spec §2), and record a
 * page view carrying the time spent on the previous location. Also installs the API error catalogue.
 */
export function NavigationEffects() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const location = search ? `${pathname}?${search}` : pathname;
  const fromHistory = useRef(false);
  const previous = useRef<{ path: string; since: number } | null>(null);

  useEffect(() => {
    installErrorCatalogue();
    const onPop = () => {
      fromHistory.current = true;
    };
    window.addEventListener('popstate', onPop);
    // Leaving the site: send the last page's time with a beacon, which survives the unload.
    const onHide = () => {
      if (document.visibilityState !== 'hidden' || !previous.current) return;
      const body = JSON.stringify({ path: previous.current.path, previous_path: previous.current.path, previous_duration_ms: Math.round(performance.now() - previous.current.since), visitor_id: trackingId() });
      navigator.sendBeacon?.('/v1/logs/page_views', new Blob([body], { type: 'application/json' }));
      previous.current = { path: previous.current.path, since: performance.now() };
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('popstate', onPop);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, []);

  useEffect(() => {
    // The first location is the page load itself: the browser owns its scroll position (reload restores it).
    if (fromHistory.current || !previous.current) fromHistory.current = false;
    else window.scrollTo(0, 0);

    const now = performance.now();
    const prev = previous.current;
    previous.current = { path: location, since: now };
    const body = {
      path: location,
      referrer: prev ? prev.path : document.referrer.slice(0, 2048) || undefined,
      ...(prev ? { previous_path: prev.path, previous_duration_ms: Math.round(now - prev.since) } : {}),
      visitor_id: trackingId(),
    };
    postLog('/v1/logs/page_views', body);
  }, [location]);

  return null;
}
