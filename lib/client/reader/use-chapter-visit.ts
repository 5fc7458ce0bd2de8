'use client';

import { useEffect, type RefObject } from 'react';
import { keepRecent } from '@/lib/client/offline/keep-recent';
import { rememberArticle } from '@/lib/client/reader/article-cache';
import { startReadingHeartbeat } from '@/lib/client/reader/heartbeat';
import { reportPosition } from '@/lib/client/reader/position';
import { prefetchChapter } from '@/lib/client/reads/reader';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { afterLoadWhenIdle } from '@/lib/client/when-idle';

const positionOf = (c: ReadChapter, idx: number) => ({ articleId: c.id, idx, novel: c.novel, article: { title: c.title, idx: c.idx } });

/**
 * What opening a chapter does besides showing it: keep it (in memory, and on the device for offline), warm the next
 * one, record the position (or jump to the saved paragraph), report the paragraph at the top of the screen as the
 * reader scrolls, and while they read the heartbeat (docs/activity.md "What the server counts").
 */
export function useChapterVisit(withText: () => ReadChapter, page: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const chapter = withText();
    if (!chapter.locked) rememberArticle(chapter);
    const hash = /^#p(\d+)$/.exec(window.location.hash);
    if (hash && document.documentElement.dataset.reader !== 'p') document.getElementById(`p${hash[1]}`)?.scrollIntoView();
    if (!chapter.locked) reportPosition(positionOf(chapter, hash ? Number(hash[1]) : 0), true);
    // The device's copy and the next chapter wait for an idle moment after the load: no tap needs them sooner, and on
    // a slow phone the request and the storage write were part of the reader's hydration (docs/reading.md "Reader").
    return afterLoadWhenIdle(
      () => {
        keepRecent(chapter);
        prefetchChapter(chapter.next_id, chapter.novel_id);
      },
      { fallbackMs: 300 },
    );
  }, [withText]);

  // While the reader reads (visible, touched in the last 2 minutes), the position goes again every 30 s, so a long
  // page read without scrolling still counts as reading time.
  useEffect(() => {
    const chapter = withText();
    return chapter.locked ? undefined : startReadingHeartbeat(chapter.id);
  }, [withText]);

  // The paragraph at the top of the screen is the position.
  useEffect(() => {
    const chapter = withText();
    if (chapter.locked || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const top = entries
          .filter((e) => e.isIntersecting)
          .map((e) => Number((e.target as HTMLElement).dataset.idx))
          .sort((a, b) => a - b)[0];
        if (top !== undefined) reportPosition(positionOf(chapter, top));
      },
      { rootMargin: '0px 0px -70% 0px' },
    );
    page.current?.querySelectorAll('p[data-idx]').forEach((p) => observer.observe(p));
    return () => observer.disconnect();
  }, [withText, page]);
}
