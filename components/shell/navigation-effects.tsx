'use client';

import { useEffect, useLayoutEffect, useRef } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { installErrorCatalogue } from '@/lib/client/error-catalogue';
import { referralLinkId, trackingId } from '@/lib/client/identity';
import { postPageView } from '@/lib/client/post-log';
import { recordLocation } from '@/lib/client/in-app-history';
import { afterLoadWhenIdle } from '@/lib/client/when-idle';

/**
 * Per location change (docs/shell.md "Toasts, spinners, error screen, navigation"): records a page view carrying the time spent on the previous location, and
 * on back/forward puts the reader back where they were on that page. A pushed route starts at the top by
 * Next's own scrolling, which this leaves alone (and so URL updates made with history.replaceState too).
 * Also installs the API error catalogue.
 *
 * The page view is timed at the change but sent once the page is loaded and idle (docs/architecture.md "What a page
 * runs at load"): its cookie reads and request were the longest part of every page's first effects on a slow phone.
 * One still waiting goes at once when another location or leaving the page comes first.
 */
/** One-time bridge codes (/m/guide?url=/bridge?token=…) must not end up in the page-view log. */
export function loggable(path: string): string {
  const [base, query] = path.split('?');
  if (!query) return path;
  const params = new URLSearchParams(query);
  if (!params.has('url') && !params.has('token')) return path;
  for (const key of ['url', 'token']) if (params.has(key)) params.set(key, '-');
  return `${base}?${params}`;
}

export function NavigationEffects() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const location = search ? `${pathname}?${search}` : pathname;
  const previous = useRef<{ path: string; since: number } | null>(null);
  const positions = useRef(new Map<string, number>());
  /** The page view timed but not sent yet: `flush` sends it now (with keepalive when the page is being left). */
  const waiting = useRef<{ flush: (keepalive: boolean) => void } | null>(null);
  const here = useRef(location);
  useLayoutEffect(() => {
    here.current = location;
  });

  useEffect(() => {
    installErrorCatalogue();
    // Leaving the site: send the last page's time with a keepalive request, which survives the unload.
    const onHide = () => {
      if (document.visibilityState !== 'hidden' || !previous.current) return;
      waiting.current?.flush(true);
      const body = {
        path: loggable(previous.current.path),
        previous_path: loggable(previous.current.path),
        previous_duration_ms: Math.round(performance.now() - previous.current.since),
        visitor_id: trackingId(),
      };
      postPageView(body, { keepalive: true });
      previous.current = { path: previous.current.path, since: performance.now() };
    };
    document.addEventListener('visibilitychange', onHide);
    // Remember where the reader was when leaving a page by a tap or a submit (later scroll events already
    // belong to the next page). On back/forward, put them back there: Next may render the restored page
    // before this listener runs, so the target comes from window.location, retried while the page grows.
    const remember = () => positions.current.set(here.current, window.scrollY);
    const onPop = () => {
      const y = positions.current.get(`${window.location.pathname}${window.location.search}`) ?? 0;
      let frames = 0;
      const restore = () => {
        window.scrollTo(0, y);
        if (Math.abs(window.scrollY - y) > 2 && ++frames < 30) requestAnimationFrame(restore);
      };
      requestAnimationFrame(restore);
    };
    document.addEventListener('click', remember, true);
    document.addEventListener('submit', remember, true);
    window.addEventListener('popstate', onPop);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      document.removeEventListener('click', remember, true);
      document.removeEventListener('submit', remember, true);
      window.removeEventListener('popstate', onPop);
      waiting.current?.flush(false);
    };
  }, []);

  useEffect(() => {
    // A referral link's id arrives in the query; remember it now, not only when the page happens to call the API.
    if (new URLSearchParams(search).has('referral_link_id')) referralLinkId();
    // The back-and-title bar steps back only over pages of this tab (docs/shell.md "Back-and-title bar").
    recordLocation(location);
    const now = performance.now();
    const prev = previous.current;
    previous.current = { path: location, since: now };
    const view = {
      path: loggable(location),
      referrer: prev ? loggable(prev.path) : loggable(document.referrer.slice(0, 2048)) || undefined,
      ...(prev ? { previous_path: loggable(prev.path), previous_duration_ms: Math.round(now - prev.since) } : {}),
    };
    waiting.current?.flush(false);
    let cancel = () => {};
    const send = (keepalive: boolean) => {
      cancel();
      waiting.current = null;
      postPageView({ ...view, visitor_id: trackingId() }, keepalive ? { keepalive } : {});
    };
    cancel = afterLoadWhenIdle(() => send(false));
    waiting.current = { flush: send };
  }, [location, search]);

  return null;
}
