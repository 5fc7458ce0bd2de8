'use client';

import { useCallback, useEffect, useState, type RefObject } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { navigate } from '@/lib/client/navigate';
import { cachedArticle, rememberArticle } from '@/lib/client/reader/article-cache';
import { textInPage } from '@/lib/client/reader/chapter-text';
import { openChapter } from '@/lib/client/reads/reader';
import type { ReadChapter } from '@/lib/shared/dto/reading';

export const readUrl = (c: { id: number; novel_id: number }) => `/m/read/${c.id}?nid=${c.novel_id}`;

/**
 * Which chapter the reader shows (docs/reading.md "Reader"): the server's on arrival (`server`: its text is the
 * page's own markup), then chapter to chapter in the browser — kept or prefetched chapters swap in without a
 * request, the address follows with history entries, back and forward move between the chapters read.
 */
export function useReaderChapter(initial: ReadChapter, page: RefObject<HTMLElement | null>) {
  const [view, setView] = useState({ chapter: initial, server: true });
  const [loading, setLoading] = useState(false);
  const { chapter } = view;

  const show = useCallback((next: ReadChapter, push: boolean) => {
    setView({ chapter: next, server: false });
    if (push) window.history.pushState(null, '', readUrl(next));
    window.scrollTo(0, 0);
  }, []);

  const go = useCallback(
    async function go(id: number, push = true): Promise<void> {
      if (id === 0) {
        navigate.assign(`/m/novels/${chapter.novel_id}/end`);
        return;
      }
      // A kept or prefetched chapter swaps in with one render: no loading state, no await.
      const kept = cachedArticle(id);
      if (kept && kept.redirect_to_id === kept.id) return show(kept, push);
      setLoading(true);
      try {
        const next = await openChapter(id, chapter.novel_id);
        // docs/reading.md "Reader": a chapter that now lives elsewhere sends the reader there.
        if (next.redirect_to_id && next.redirect_to_id !== next.id) return void (await go(next.redirect_to_id, push));
        show(next, push);
      } catch (err) {
        if (!(err instanceof ApiClientError)) throw err;
      } finally {
        setLoading(false);
      }
    },
    [chapter.novel_id, show],
  );

  // Back and forward between chapters read in this visit.
  useEffect(() => {
    const onPop = () => {
      const id = Number(window.location.pathname.split('/').pop());
      if (id && id !== chapter.id) void go(id, false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [chapter.id, go]);

  /** A purchase opened the shown chapter: its text now comes from the browser. */
  const unlocked = useCallback((c: ReadChapter) => {
    rememberArticle(c);
    setView({ chapter: c, server: false });
  }, []);

  /** The shown chapter with its text (read from the page for the server's chapter); for effects and handlers. */
  const withText = useCallback(
    (): ReadChapter => (view.server && !view.chapter.locked ? { ...view.chapter, paragraphs: textInPage(page.current) } : view.chapter),
    [view, page],
  );

  return { chapter, server: view.server, loading, go, unlocked, withText };
}
