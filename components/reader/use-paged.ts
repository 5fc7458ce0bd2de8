'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { anchorPage, pageCount, pageOf, paragraphAtPage, turn, type Dir, type Span } from '@/lib/client/reader/pagination';

interface Options {
  enabled: boolean;
  dir: Dir;
  /** The clipping frame, one page wide. */
  frame: RefObject<HTMLElement | null>;
  /** The multi-column flow inside it. */
  flow: RefObject<HTMLElement | null>;
  /** Changes when another chapter is shown. */
  chapterKey: number;
  /** Changes when anything that moves the text does (size, line height, margin, face). */
  layoutKey: string;
  /** A turn past either end: the reader asks for the neighbouring chapter. */
  onEdge: (which: 'next' | 'prev') => void;
}

/**
 * Pages each paragraph starts and ends on, measured along the reading direction from the flow's start edge: a
 * paragraph split between columns has one client rect per column.
 */
function paragraphPages(flow: HTMLElement | null, dir: Dir, w: number): Span[] {
  if (!flow) return [];
  const box = flow.getBoundingClientRect();
  const at = (r: DOMRect) => pageOf(dir === 'rtl' ? box.right - r.right : r.left - box.left, w);
  return Array.from(flow.querySelectorAll<HTMLElement>('p[data-idx]'), (p) => {
    const pages = Array.from(p.getClientRects(), at);
    return pages.length ? { start: Math.min(...pages), end: Math.max(...pages) } : { start: 0, end: 0 };
  });
}

/** The frame's width and the pages the flow makes at it. */
function measure(frame: HTMLElement | null, flow: HTMLElement | null): { w: number; n: number } | null {
  if (!frame || !flow) return null;
  const w = frame.clientWidth;
  return { w, n: pageCount(flow.scrollWidth, w) };
}

/**
 * Paged mode's state (docs/reading.md "Paged mode"): how many pages the chapter makes at this size, which one
 * shows, and the paragraph at its top — kept across a relayout so a bigger font does not lose the reader's place.
 */
export function usePaged({ enabled, dir, frame, flow, chapterKey, layoutKey, onEdge }: Options) {
  const [page, setPage] = useState(0);
  const [pages, setPages] = useState(0);
  const [width, setWidth] = useState(0);
  // Only a turn by one page slides (the slide setting); a relayout, another chapter or the slider jumps.
  const [turning, setTurning] = useState(false);
  const anchor = useRef(0);
  const landOnLast = useRef(false);

  /** Measures the flow again and shows the page chosen from the new layout (null: nothing to measure yet). */
  const relayout = (choose: (m: { w: number; n: number }) => number) => {
    const m = measure(frame.current, flow.current);
    if (!m) return;
    setTurning(false);
    setWidth(m.w);
    setPages(m.n);
    setPage(Math.max(0, Math.min(m.n - 1, choose(m))));
  };
  /** The page where the remembered paragraph now starts: a relayout keeps it on screen. */
  const keepAnchor = (m: { w: number }) => anchorPage(paragraphPages(flow.current, dir, m.w), anchor.current);

  // A relayout (settings): same paragraph on top afterwards.
  useLayoutEffect(() => {
    if (enabled) relayout(keepAnchor);
    // relayout and keepAnchor read refs and props of this render only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, layoutKey, dir]);

  // Another chapter: its first page, or its last when the reader turned back into it, or a linked paragraph's.
  useLayoutEffect(() => {
    if (!enabled) return;
    const hash = /^#p(\d+)$/.exec(window.location.hash);
    const last = landOnLast.current;
    landOnLast.current = false;
    relayout((m) => (last ? m.n - 1 : hash ? anchorPage(paragraphPages(flow.current, dir, m.w), Number(hash[1])) : 0));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, chapterKey, dir]);

  // A rotation or a resized window: same paragraph on top.
  useEffect(() => {
    if (!enabled) return;
    const onResize = () => relayout(keepAnchor);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, dir]);

  // Remember the paragraph on top of the page being shown — in a task after the turn has painted: reading every
  // paragraph's column fragments lays the page out, which would otherwise delay the turn's own frame.
  useEffect(() => {
    if (!enabled || !width) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => (anchor.current = paragraphAtPage(paragraphPages(flow.current, dir, width), page)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [enabled, page, width, dir, flow]);

  const turnPage = useCallback(
    (way: 'forward' | 'back') => {
      const next = turn(page, pages || 1, way);
      if ('page' in next) {
        setTurning(true);
        return setPage(next.page);
      }
      if (next.chapter === 'prev') landOnLast.current = true;
      onEdge(next.chapter);
    },
    [page, pages, onEdge],
  );

  /** The progress slider: straight to a page of this chapter. */
  const goTo = useCallback(
    (to: number) => {
      setTurning(false);
      setPage(Math.max(0, Math.min((pages || 1) - 1, to)));
    },
    [pages],
  );

  const offset = enabled ? page * width * (dir === 'rtl' ? 1 : -1) : 0;
  return {
    page,
    pages,
    turnPage,
    goTo,
    style: enabled && width ? { transform: `translateX(${offset}px)`, transition: turning ? undefined : 'none' } : undefined,
  };
}
