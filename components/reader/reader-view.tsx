'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { api, ApiClientError } from '@/lib/client/api';
import { navigate } from '@/lib/client/navigate';
import { cachedArticle, rememberArticle } from '@/lib/client/reader/article-cache';
import { reportPosition } from '@/lib/client/reader/position';
import { applySettings, useReaderSettingsStore } from '@/lib/client/reader/settings-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { ChapterBody } from './chapter-body';
import { Paywall } from './paywall';

// Settings are opened on demand: their code stays out of the chapter's first load.
const SettingsPanel = dynamic(() => import('./settings-panel').then((m) => m.SettingsPanel), { ssr: false });

const readUrl = (c: { id: number; novel_id: number }) => `/m/read/${c.id}?nid=${c.novel_id}`;
const positionOf = (c: ReadChapter, idx: number) => ({ articleId: c.id, idx, novel: c.novel, article: { title: c.title, idx: c.idx } });

async function fetchChapter(id: number, nid: number): Promise<ReadChapter> {
  const hit = cachedArticle(id);
  if (hit) return hit;
  const chapter = await api<ReadChapter>(`/v1/read/${id}`, { query: { nid, auto_buy: 1 } });
  // Locked views are not kept: after a purchase the same id must be fetched again.
  if (!chapter.locked) rememberArticle(chapter);
  return chapter;
}

/** Warms the next chapter so the tap on 下一章 shows it at once. */
function prefetch(id: number, nid: number): void {
  if (!id || cachedArticle(id)) return;
  void api<ReadChapter>(`/v1/read/${id}`, { query: { nid }, silent: true }).then(
    (c) => {
      if (!c.locked) rememberArticle(c);
    },
    () => undefined,
  );
}

/**
 * The reader: the chapter rendered by the server on first load, then chapter to chapter in the browser —
 * cached or prefetched chapters swap in without a request, the address follows with history entries, and the
 * reader's position is reported as they scroll.
 */
export function ReaderView({ initial }: { initial: ReadChapter }) {
  const [chapter, setChapter] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [panel, setPanel] = useState(false);
  const settings = useReaderSettingsStore();
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => applySettings(settings), [settings]);

  const show = useCallback((next: ReadChapter, push: boolean) => {
    setChapter(next);
    if (push) window.history.pushState(null, '', readUrl(next));
    window.scrollTo(0, 0);
    body.current?.scrollTo?.({ left: 0 });
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
        const next = await fetchChapter(id, chapter.novel_id);
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

  // A chapter opened: keep it, warm the next one, record the position (or jump to the saved paragraph).
  useEffect(() => {
    if (!chapter.locked) rememberArticle(chapter);
    prefetch(chapter.next_id, chapter.novel_id);
    const hash = /^#p(\d+)$/.exec(window.location.hash);
    if (hash) document.getElementById(`p${hash[1]}`)?.scrollIntoView();
    if (!chapter.locked) reportPosition(positionOf(chapter, hash ? Number(hash[1]) : 0), true);
  }, [chapter]);

  // The paragraph at the top of the screen is the position.
  useEffect(() => {
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
    body.current?.querySelectorAll('p[data-idx]').forEach((p) => observer.observe(p));
    return () => observer.disconnect();
  }, [chapter]);

  // Paged mode: a tap on the right third turns forward, the left third back.
  function onTap(e: React.MouseEvent<HTMLDivElement>) {
    if (settings.reader !== 'p' || !body.current) return;
    const x = e.clientX / window.innerWidth;
    const el = body.current;
    const forward = chapter.novel.dir === 'rtl' ? x < 1 / 3 : x > 2 / 3;
    const backward = chapter.novel.dir === 'rtl' ? x > 2 / 3 : x < 1 / 3;
    if (forward) el.scrollBy({ left: el.clientWidth, behavior: 'smooth' });
    else if (backward) el.scrollBy({ left: -el.clientWidth, behavior: 'smooth' });
  }

  return (
    <div className="reader">
      <header className="reader-top">
        <Link href={`/m/novels/${chapter.novel_id}`} className="reader-back" aria-label="返回书籍详情">
          ‹
        </Link>
        <span className="reader-book">{chapter.novel.title}</span>
        <button type="button" className="reader-tool" onClick={() => useModalStore.getState().open('read-continue', {})}>
          最近
        </button>
      </header>
      <div ref={body} className="reader-page" onClick={onTap} aria-busy={loading}>
        <ChapterBody chapter={chapter} />
        {chapter.locked ? (
          <Paywall
            chapter={chapter}
            onUnlocked={(c) => {
              rememberArticle(c);
              setChapter(c);
            }}
          />
        ) : null}
      </div>
      <nav className="reader-bottom" aria-label="章节导航">
        <button type="button" onClick={() => void go(chapter.prev_id)} disabled={!chapter.prev_id || loading}>
          上一章
        </button>
        <button
          type="button"
          onClick={() =>
            useModalStore.getState().open('chapters', { novelId: chapter.novel_id, currentArticleId: chapter.id, currentIdx: chapter.idx })
          }
        >
          目录
        </button>
        <button type="button" onClick={() => setPanel((v) => !v)} aria-expanded={panel}>
          设置
        </button>
        {/* next_id 0 is the last chapter: go() takes the reader to the novel's end page. */}
        <button type="button" onClick={() => void go(chapter.next_id)} disabled={loading}>
          下一章
        </button>
      </nav>
      {panel ? <SettingsPanel onClose={() => setPanel(false)} /> : null}
    </div>
  );
}
