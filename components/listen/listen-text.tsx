'use client';

import { memo, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { paragraphStart } from '@/lib/client/listen/time-track';
import { useCameWithPage } from '@/components/ui/use-came-with-page';

// A listener who scrolled the text themselves is left there this long before the spoken paragraph is followed again.
const MANUAL_SCROLL_GRACE_MS = 4_000;
// The server's paragraphs kept as they are (see ListenText): one object, so React never rewrites them.
const KEEP_SERVER_MARKUP = { __html: '' };

/** Whether the paragraph is on screen between the sticky header and the player at the bottom (its scroll margins). */
function fullyVisible(p: HTMLElement): boolean {
  const rect = p.getBoundingClientRect();
  if (rect.height === 0) return false;
  const style = getComputedStyle(p);
  const top = parseFloat(style.scrollMarginTop) || 0;
  const bottom = parseFloat(style.scrollMarginBottom) || 0;
  return rect.top >= top && rect.bottom <= window.innerHeight - bottom;
}

/** The paragraphs as plain markup: nothing in them changes while the chapter plays (see ListenText). */
const Paragraphs = memo(function Paragraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return paragraphs.map((text, i) => (
    <p key={i} id={`p${i}`} data-idx={i} className="listen-p">
      {text}
    </p>
  ));
});

/**
 * The chapter's text with the paragraph being spoken highlighted and, while it plays (`follow`), kept in view;
 * tapping a paragraph seeks there (docs/listening.md "How the listen page loads").
 *
 * A chapter is hundreds of paragraphs: hydrating them was most of the page's load-time work. So the paragraphs are
 * markup that never changes — the highlight (`active`, `aria-current`) and `data-seekable` are set on the elements by
 * effects, and one listener on the text finds the paragraph tapped. The chapter that came with the page is not
 * hydrated at all: the article keeps the server's paragraphs (an empty innerHTML on the client, which React leaves
 * alone while hydrating). A chapter the page moves to later (continuous play) is rendered in the browser.
 */
export function ListenText({
  chapter,
  track,
  active,
  follow,
  onSeek,
}: {
  chapter: ReadChapter;
  track: readonly number[] | null;
  active: number;
  follow: boolean;
  onSeek: (seconds: number) => void;
}) {
  const lastManual = useRef(0);
  const box = useRef<HTMLElement>(null);
  const cameWithPage = useCameWithPage();
  const [serverChapter] = useState(cameWithPage ? chapter.id : null);
  const keepServerMarkup = serverChapter === chapter.id && typeof window !== 'undefined';

  useEffect(() => {
    const mark = () => {
      lastManual.current = Date.now();
    };
    window.addEventListener('wheel', mark, { passive: true });
    window.addEventListener('touchmove', mark, { passive: true });
    return () => {
      window.removeEventListener('wheel', mark);
      window.removeEventListener('touchmove', mark);
    };
  }, []);

  // Which paragraphs are a place to listen from: those whose start the time track knows.
  const trackRef = useRef(track);
  useEffect(() => {
    trackRef.current = track;
    for (const p of box.current?.querySelectorAll<HTMLElement>('.listen-p') ?? []) {
      if (paragraphStart(track, Number(p.dataset.idx)) === null) delete p.dataset.seekable;
      else p.dataset.seekable = 'true';
    }
  }, [track, chapter.id]);

  useEffect(() => {
    const p = active >= 0 ? box.current?.querySelector<HTMLElement>(`#p${active}`) : null;
    if (!p) return;
    p.classList.add('active');
    p.setAttribute('aria-current', 'true');
    return () => {
      p.classList.remove('active');
      p.removeAttribute('aria-current');
    };
  }, [active, chapter.id]);

  useEffect(() => {
    if (!follow || active < 0 || Date.now() - lastManual.current < MANUAL_SCROLL_GRACE_MS) return;
    const p = box.current?.querySelector<HTMLElement>(`#p${active}`);
    if (!p || fullyVisible(p)) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    p.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, [active, follow]);

  // One listener for every paragraph (the seek bar does the same by keyboard).
  const onTap = useCallback(
    (e: MouseEvent<HTMLElement>) => {
      const p = (e.target as Element).closest<HTMLElement>('.listen-p');
      const start = p ? paragraphStart(trackRef.current, Number(p.dataset.idx)) : null;
      if (start !== null) onSeek(start);
    },
    [onSeek],
  );

  const lang = chapter.novel.language_type === 0 ? 'ug' : chapter.novel.language_type === 2 ? 'bo' : 'zh-CN';
  const props = { ref: box, className: 'listen-text', lang, dir: chapter.novel.dir, 'aria-label': '本章文字', onClick: onTap };
  return keepServerMarkup ? (
    <article {...props} suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_MARKUP} />
  ) : (
    <article {...props}>
      <Paragraphs paragraphs={chapter.paragraphs} />
    </article>
  );
}
