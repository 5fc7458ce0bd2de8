'use client';

import { useLayoutEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

/**
 * Paragraph comment counts (段评, docs/reading.md "Chapter and paragraph comments"), added after the first paint at
 * the end of the paragraphs that have some. The paragraphs are the server's markup (or the browser's for a chapter
 * opened here), so each badge is portalled into its <p>: absolutely positioned at the text's end, its arrival moves
 * no line.
 */
export function ParagraphBadges({
  page,
  byIndex,
  onBadge,
}: {
  page: RefObject<HTMLElement | null>;
  byIndex: Record<number, number> | undefined;
  onBadge: (index: number) => void;
}) {
  const [spots, setSpots] = useState<HTMLElement[]>([]);
  // The paragraphs are found once the counts are in, after the chapter's markup is committed. No spots before and
  // none now is no change: a state set in a layout effect re-renders at once, and at hydration that re-render and
  // every effect after it ran in hydration's own task (docs/architecture.md "What a page runs at load").
  useLayoutEffect(() => {
    const all = byIndex ? Array.from(page.current?.querySelectorAll<HTMLElement>('.chapter-body p[data-idx]') ?? []) : [];
    const found = all.filter((p) => byIndex?.[Number(p.dataset.idx)]);
    setSpots((before) => (before.length === 0 && found.length === 0 ? before : found));
  }, [page, byIndex]);

  return spots.map((p) => {
    const i = Number(p.dataset.idx);
    const n = byIndex?.[i];
    if (!n || !p.isConnected) return null;
    return createPortal(
      <button type="button" className="pc-badge" aria-label={`段评 ${n} 条`} onClick={() => onBadge(i)}>
        {n > 99 ? '99+' : n}
      </button>,
      p,
      `badge-${i}`,
    );
  });
}
