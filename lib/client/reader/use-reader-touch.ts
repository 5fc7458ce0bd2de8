'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { swipeAction, tapAction, type Dir } from '@/lib/client/reader/pagination';

const LONG_PRESS_MS = 550;

interface Options {
  paged: boolean;
  dir: Dir;
  locked: boolean;
  page: RefObject<HTMLElement | null>;
  panel: boolean;
  closePanel: () => void;
  toggleBars: () => void;
  hideBars: () => void;
  turnPage: (way: 'forward' | 'back') => void;
  openSheet: (paragraph: number) => void;
}

/**
 * The page's tap zones (docs/reading.md "Immersive reading", "Paged mode"): the middle shows the bars, paged
 * mode's side thirds and swipes turn, keys turn too, and a long press on a paragraph opens its comments
 * (docs/reading.md "Chapter and paragraph comments").
 */
export function useReaderTouch(o: Options) {
  const touch = useRef<{ x: number; y: number; at: number } | null>(null);
  const press = useRef<{ timer?: ReturnType<typeof setTimeout>; fired: boolean } | null>(null);
  const { paged, dir, turnPage } = o;

  // Keys turn pages too (a keyboard or a page-turner remote).
  useEffect(() => {
    if (!paged) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [role="dialog"]')) return;
      const rtl = dir === 'rtl';
      if (e.key === 'PageDown' || e.key === ' ' || e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) turnPage('forward');
      else if (e.key === 'PageUp' || e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) turnPage('back');
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [paged, dir, turnPage]);

  function onClick(e: React.MouseEvent<HTMLElement>) {
    // A long press opened a paragraph's comments: the click that follows it is not a tap.
    if (press.current?.fired) {
      press.current = null;
      return;
    }
    // Taps on the page's own controls (buy, links, the chapter end, a paragraph's badge) are theirs.
    if ((e.target as HTMLElement).closest('a, button, input, label, select, .paywall')) return;
    if (o.panel) return o.closePanel();
    const frame = o.page.current?.getBoundingClientRect();
    const x = frame && frame.width ? (e.clientX - frame.left) / frame.width : 0.5;
    const action = paged ? tapAction(x, dir) : 'menu';
    if (action === 'menu') o.toggleBars();
    else {
      o.hideBars();
      turnPage(action);
    }
  }

  function cancelPress() {
    if (press.current && !press.current.fired) {
      clearTimeout(press.current.timer);
      press.current = null;
    }
  }

  function onTouchStart(e: React.TouchEvent) {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY, at: Date.now() } : null;
    // A long press on a paragraph opens its comments (段评), where a paragraph without a badge can get its first one.
    cancelPress();
    const p = (e.target as HTMLElement).closest?.('p[data-idx]') as HTMLElement | null;
    if (!p || o.locked || e.touches.length > 1) return;
    const index = Number(p.dataset.idx);
    const state: { fired: boolean; timer?: ReturnType<typeof setTimeout> } = { fired: false };
    state.timer = setTimeout(() => {
      state.fired = true;
      o.openSheet(index);
    }, LONG_PRESS_MS);
    press.current = state;
  }

  function onTouchMove(e: React.TouchEvent) {
    const start = touch.current;
    const t = e.touches[0];
    if (start && t && Math.hypot(t.clientX - start.x, t.clientY - start.y) > 10) cancelPress();
  }

  function onTouchEnd(e: React.TouchEvent) {
    cancelPress();
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!paged || !start || !t || Date.now() - start.at > 800) return;
    const way = swipeAction(t.clientX - start.x, t.clientY - start.y, dir);
    if (!way) return;
    // A swipe is not a tap: cancelling the touch's end keeps the browser from sending a click after it.
    if (e.cancelable) e.preventDefault();
    o.hideBars();
    turnPage(way);
  }

  return { onClick, onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: cancelPress };
}
