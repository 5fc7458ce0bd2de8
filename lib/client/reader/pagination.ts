/**
 * Paged reading (docs/reading.md "Paged mode"): the chapter flows into columns one page wide, and the reader turns
 * them by tapping the side thirds of the page or swiping. These are the decisions, kept free of the DOM so they can
 * be tested; components/reader/use-paged.ts does the measuring.
 */

export type Dir = 'ltr' | 'rtl';
export type TapAction = 'forward' | 'back' | 'menu';

/** Which way a tap at horizontal position x (0 = left edge, 1 = right edge) turns: right-to-left books mirror it. */
export function tapAction(x: number, dir: Dir): TapAction {
  if (x > 2 / 3) return dir === 'rtl' ? 'back' : 'forward';
  if (x < 1 / 3) return dir === 'rtl' ? 'forward' : 'back';
  return 'menu';
}

/** A horizontal swipe of at least 40 px that is more sideways than up or down turns; a leftward swipe reads on in LTR. */
export function swipeAction(dx: number, dy: number, dir: Dir): 'forward' | 'back' | null {
  if (Math.abs(dx) < 40 || Math.abs(dx) <= Math.abs(dy)) return null;
  const leftward = dx < 0;
  return leftward === (dir === 'ltr') ? 'forward' : 'back';
}

/** Pages in a flow whose content spans `scrollWidth` px at `pageWidth` px a page. */
export function pageCount(scrollWidth: number, pageWidth: number): number {
  if (pageWidth <= 0) return 1;
  return Math.max(1, Math.round(scrollWidth / pageWidth));
}

/**
 * The page an element starts on, from its offset along the reading direction (px from the start edge of page 0).
 * A pixel of slack absorbs sub-pixel layout.
 */
export function pageOf(offsetFromStart: number, pageWidth: number): number {
  if (pageWidth <= 0) return 0;
  return Math.max(0, Math.floor((offsetFromStart + 1) / pageWidth));
}

/** What a turn does: the page to show, or a step to the neighbouring chapter at either end. */
export function turn(page: number, pages: number, way: 'forward' | 'back'): { page: number } | { chapter: 'next' | 'prev' } {
  if (way === 'forward') return page + 1 < pages ? { page: page + 1 } : { chapter: 'next' };
  return page > 0 ? { page: page - 1 } : { chapter: 'prev' };
}

/** Where a paragraph lies: the page it starts on and the page it ends on. */
export interface Span {
  start: number;
  end: number;
}

/** The page to show paragraph `anchor` after a relayout: the page it now starts on. */
export function anchorPage(spans: Span[], anchor: number): number {
  return spans[Math.min(anchor, spans.length - 1)]?.start ?? 0;
}

/** The paragraph at the top of `page`: the first one that has not ended before it (it may have begun earlier). */
export function paragraphAtPage(spans: Span[], page: number): number {
  const i = spans.findIndex((s) => s.end >= page);
  return i === -1 ? Math.max(0, spans.length - 1) : i;
}
