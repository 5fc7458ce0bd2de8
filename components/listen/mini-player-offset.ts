'use client';

import { useEffect, useLayoutEffect, useState } from 'react';
import type { ModalName } from '@/lib/client/stores/modal-store';

/** docs/listening.md "Mini player": 220 px from the bottom; 465 px over the read-continue modal; over another popup, its height + 220. */
export const MINI_PLAYER_BOTTOM = 220;
export const MINI_PLAYER_BOTTOM_READ_CONTINUE = 465;

export function miniPlayerBottom(modal: ModalName | null, popupHeight: number): number {
  if (!modal) return MINI_PLAYER_BOTTOM;
  if (modal === 'read-continue') return MINI_PLAYER_BOTTOM_READ_CONTINUE;
  return popupHeight + MINI_PLAYER_BOTTOM;
}

/** The bottom offset for the open modal, measuring the popup's panel (and following its size). */
export function useMiniPlayerBottom(modal: ModalName | null): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    if (!modal || modal === 'read-continue') return;
    // The modal host renders its chunk after opening: wait a frame for the panel to exist.
    let observer: ResizeObserver | undefined;
    const frame = requestAnimationFrame(() => {
      const panel = document.querySelector<HTMLElement>('[role="dialog"]');
      if (!panel) return;
      setHeight(panel.offsetHeight);
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => setHeight(panel.offsetHeight));
        observer.observe(panel);
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      setHeight(0);
    };
  }, [modal]);
  return miniPlayerBottom(modal, height);
}

/** How long after the last scroll event the player slides back. */
export const TUCK_RETURN_MS = 700;

/**
 * docs/listening.md "Mini player": while the page scrolls the player slides to the screen's edge, so the text and
 * lists under it can be read; it comes back once scrolling has stopped for a moment.
 */
export function useTuckedWhileScrolling(): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      setTucked(true);
      clearTimeout(timer);
      timer = setTimeout(() => setTucked(false), TUCK_RETURN_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return tucked;
}
