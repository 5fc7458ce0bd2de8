'use client';

import { useEffect } from 'react';
import { usePendingNavigation } from './use-pending-navigation';

/** The IntentLink an event happened in, if it leads to a page of this site. */
function intentLinkOf(e: Event): HTMLAnchorElement | null {
  const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[data-intent]') : null;
  return a && a.origin === window.location.origin ? a : null;
}

/**
 * The one client part behind every IntentLink of a layout (components/ui/intent-link.tsx): listeners on the
 * document, not a component per link. A click is taken as Next's `<Link>` takes it — the plain left click
 * nobody has handled yet, on a link that opens here and downloads nothing — and becomes the router's
 * navigation; a touch, a pointer coming over or the keyboard's focus prefetches the page, once per address.
 * React's own listeners are on the document already (they are registered when the page hydrates, before these),
 * so a link's onClick that prevents the default keeps the link from being followed. While the tapped page is on its way
 * a bar shows at the top, after a moment (./use-pending-navigation.tsx).
 */
export function LinkNavigator() {
  // The navigation is a transition of ours too, so the bar knows while the next page is on its way.
  const { navigation, bar } = usePendingNavigation();
  useEffect(() => {
    const asked = new Set<string>();
    const prefetch = (e: Event) => {
      const a = intentLinkOf(e);
      const href = a?.getAttribute('href');
      if (!a || !href || a.dataset.intent !== 'prefetch' || asked.has(href)) return;
      asked.add(href);
      navigation.prefetch(href);
    };
    const click = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = intentLinkOf(e);
      const href = a?.getAttribute('href');
      if (!a || !href || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      e.preventDefault();
      const options = { scroll: a.dataset.scroll !== 'keep' };
      if (a.dataset.history === 'replace') navigation.replace(href, options);
      else navigation.push(href, options);
    };
    const options = { capture: true, passive: true };
    document.addEventListener('click', click);
    document.addEventListener('touchstart', prefetch, options);
    document.addEventListener('mouseover', prefetch, options);
    document.addEventListener('focusin', prefetch, options);
    return () => {
      document.removeEventListener('click', click);
      document.removeEventListener('touchstart', prefetch, options);
      document.removeEventListener('mouseover', prefetch, options);
      document.removeEventListener('focusin', prefetch, options);
    };
  }, [navigation]);
  return bar;
}
