'use client';

import { memo, useEffect, useRef } from 'react';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { paragraphStart } from '@/lib/client/listen/time-track';

// A listener who scrolled the text themselves is left there this long before the spoken paragraph is followed again.
const MANUAL_SCROLL_GRACE_MS = 4_000;

/** Whether the paragraph is on screen between the sticky header and the player at the bottom (its scroll margins). */
function fullyVisible(p: HTMLElement): boolean {
  const rect = p.getBoundingClientRect();
  if (rect.height === 0) return false;
  const style = getComputedStyle(p);
  const top = parseFloat(style.scrollMarginTop) || 0;
  const bottom = parseFloat(style.scrollMarginBottom) || 0;
  return rect.top >= top && rect.bottom <= window.innerHeight - bottom;
}

const Paragraph = memo(function Paragraph({
  idx,
  text,
  active,
  start,
  onSeek,
}: {
  idx: number;
  text: string;
  active: boolean;
  start: number | null;
  onSeek: (s: number) => void;
}) {
  return (
    <p
      id={`p${idx}`}
      data-idx={idx}
      className={active ? 'listen-p active' : 'listen-p'}
      aria-current={active ? 'true' : undefined}
      // A paragraph whose start is known is a place to listen from (the seek bar does the same by keyboard).
      onClick={start === null ? undefined : () => onSeek(start)}
      data-seekable={start === null ? undefined : 'true'}
    >
      {text}
    </p>
  );
});

/**
 * The chapter's text with the paragraph being spoken highlighted and, while it plays (`follow`), kept in view;
 * tapping a paragraph seeks there.
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

  useEffect(() => {
    if (!follow || active < 0 || Date.now() - lastManual.current < MANUAL_SCROLL_GRACE_MS) return;
    const p = box.current?.querySelector<HTMLElement>(`#p${active}`);
    if (!p || fullyVisible(p)) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    p.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, [active, follow]);

  const lang = chapter.novel.language_type === 0 ? 'ug' : chapter.novel.language_type === 2 ? 'bo' : 'zh-CN';
  return (
    <article ref={box} className="listen-text" lang={lang} dir={chapter.novel.dir} aria-label="本章文字">
      {chapter.paragraphs.map((text, i) => (
        <Paragraph key={i} idx={i} text={text} active={i === active} start={paragraphStart(track, i)} onSeek={onSeek} />
      ))}
    </article>
  );
}
