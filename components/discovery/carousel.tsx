'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * How far a slide's centre is from the strip's, in px to the right: measured on screen, so the same sum moves a
 * left-to-right strip and a right-to-left one (whose scrollLeft runs from 0 down to negative values).
 */
function offCentre(strip: HTMLElement, slide: HTMLElement): number {
  const s = slide.getBoundingClientRect();
  const c = strip.getBoundingClientRect();
  return s.left + s.width / 2 - (c.left + c.width / 2);
}

/** How long a slide stays before the next one, and how long after a touch autoplay waits to resume. */
export const CAROUSEL_INTERVAL_MS = 4_000;

/**
 * Home's banner strip (docs/catalogue.md "Lists and home layouts"): slides snap one at a time, dots show which is
 * on screen, and it moves on by itself every 4 s — never while a finger or the focus is on it, nor in a hidden
 * tab, nor for readers who ask for reduced motion. The slides are rendered by the server; this only moves them.
 * `dir="rtl"` (the Uyghur channel) lays the slides and dots from the right: the next slide peeks in on the left.
 */
export function Carousel({ label, count, dir, children }: { label: string; count: number; dir?: 'rtl'; children: ReactNode }) {
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const held = useRef(false);
  const resume = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Which slide is on screen, from an IntersectionObserver rather than the strip's scroll events: a turn's smooth
  // scroll fired some twenty of them, each measuring every slide, and on a slow phone every turn was a long task
  // on the main thread, so home never went quiet (docs/architecture.md "What a page runs at load").
  useEffect(() => {
    const el = strip.current;
    if (!el || count < 2 || typeof IntersectionObserver === 'undefined') return;
    const slides = Array.from(el.children);
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) setIndex(slides.indexOf(entry.target));
      },
      { root: el, threshold: 0.6 },
    );
    for (const slide of slides) observer.observe(slide);
    return () => observer.disconnect();
  }, [count]);

  function hold() {
    held.current = true;
    clearTimeout(resume.current);
  }
  function release() {
    clearTimeout(resume.current);
    resume.current = setTimeout(() => (held.current = false), CAROUSEL_INTERVAL_MS);
  }

  useEffect(() => {
    if (count < 2) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced) return;
    const timer = setInterval(() => {
      const el = strip.current;
      if (!el || held.current || document.hidden) return;
      const all = Array.from(el.children) as HTMLElement[];
      const current = all.findIndex((s) => Math.abs(offCentre(el, s)) < s.getBoundingClientRect().width / 2);
      const next = all[(Math.max(0, current) + 1) % all.length];
      if (next) el.scrollTo({ left: el.scrollLeft + offCentre(el, next), behavior: 'smooth' });
    }, CAROUSEL_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(resume.current);
    };
  }, [count]);

  return (
    <section className="carousel-wrap" aria-label={label} aria-roledescription="carousel" dir={dir}>
      <div
        ref={strip}
        className="carousel"
        onPointerDown={hold}
        onPointerUp={release}
        onPointerCancel={release}
        onTouchStart={hold}
        onTouchEnd={release}
        onFocus={hold}
        onBlur={release}
      >
        {children}
      </div>
      {count > 1 ? (
        <div className="carousel-dots" aria-hidden="true">
          {Array.from({ length: count }, (_, i) => (
            <span key={i} className={i === index ? 'carousel-dot on' : 'carousel-dot'} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
