'use client';

import { useLayoutEffect, useState } from 'react';
import type { ModalName } from '@/lib/client/stores/modal-store';

/**
 * docs/listening.md "Mini player": the player has two shapes. In the reader it is a disc beside the reader's bars
 * (hidden with them); everywhere else a bar docked above the tab bar (or the page's own bottom bar), whose height
 * the page adds to its bottom padding, so it never lies over what is being read.
 */
export type MiniPlayerShape = 'disc' | 'dock';

export function miniPlayerShape(pathname: string): MiniPlayerShape {
  return pathname.startsWith('/m/read/') ? 'disc' : 'dock';
}

/** The docked bar's height; mini-player.css grows the page's bottom padding by the same amount. */
export const MINI_DOCK_HEIGHT = 56;
/** Over the read-continue modal the disc sits clear of the modal's buttons. */
export const MINI_PLAYER_BOTTOM_READ_CONTINUE = 465;

/**
 * The player's bottom offset while a modal is open, in px; null when none is (the stylesheet docks it then).
 * Over a popup the player sits just above its panel, so neither covers the other.
 */
export function miniPlayerBottom(modal: ModalName | null, popupHeight: number): number | null {
  if (!modal) return null;
  if (modal === 'read-continue') return MINI_PLAYER_BOTTOM_READ_CONTINUE;
  return popupHeight + 8;
}

/** The bottom offset for the open modal, measuring the popup's panel (and following its size). */
export function useMiniPlayerBottom(modal: ModalName | null): number | null {
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
