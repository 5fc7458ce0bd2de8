'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MinorsUsageGate } from '@/components/minors/usage-gate';
import { ShareButton } from '@/components/novel/share-button';
import { WxShare } from '@/components/share/wx-share';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { ApiClientError } from '@/lib/client/api';
import { navigate } from '@/lib/client/navigate';
import { cachedArticle, rememberArticle } from '@/lib/client/reader/article-cache';
import { openChapter, prefetchChapter } from '@/lib/client/reads/reader';
import { reportPosition } from '@/lib/client/reader/position';
import { keepRecent } from '@/lib/client/offline/keep-recent';
import { startReadingHeartbeat } from '@/lib/client/reader/heartbeat';
import { applySettings, useReaderSettingsStore } from '@/lib/client/reader/settings-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { ChapterBody } from './chapter-body';
import { Paywall } from './paywall';
import { ChapterEnd } from './chapter-end';
import { GameSlot } from '../games/game-slot';
import { AdSlot } from '../ads/ad-slot';
import { usePaged } from './use-paged';
import { PagedStatusLine } from './paged-status';
import { DelayedSpinner } from '@/components/ui/delayed-spinner';
import { swipeAction, tapAction } from '@/lib/client/reader/pagination';

// Settings are opened on demand: their code stays out of the chapter's first load.
const SettingsPanel = dynamic(() => import('./settings-panel').then((m) => m.SettingsPanel), { ssr: false });
// So is the comment sheet, with SWR and the comment list (docs/reading.md "Chapter and paragraph comments").
const CommentSheet = dynamic(() => import('@/components/community/comment-sheet').then((m) => m.CommentSheet), { ssr: false });

type Counts = import('@/lib/client/reader/comment-counts').ChapterCommentCounts;
type Sheet = { paragraph?: number } | null;
const LONG_PRESS_MS = 550;

const readUrl = (c: { id: number; novel_id: number }) => `/m/read/${c.id}?nid=${c.novel_id}`;
const positionOf = (c: ReadChapter, idx: number) => ({ articleId: c.id, idx, novel: c.novel, article: { title: c.title, idx: c.idx } });

/**
 * The reader: the chapter rendered by the server on first load, then chapter to chapter in the browser —
 * cached or prefetched chapters swap in without a request, the address follows with history entries, and the
 * reader's position is reported as they scroll. Reading is immersive (docs/reading.md "Immersive reading"): the
 * bars stay hidden until a tap in the middle of the page; paged mode turns with the side thirds or a swipe.
 */
export function ReaderView({ initial }: { initial: ReadChapter }) {
  const [chapter, setChapter] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [panel, setPanel] = useState(false);
  const [bars, setBars] = useState(false);
  const settings = useReaderSettingsStore();
  const body = useRef<HTMLDivElement>(null);
  const flow = useRef<HTMLDivElement>(null);
  const touch = useRef<{ x: number; y: number; at: number } | null>(null);
  const [counts, setCounts] = useState<{ chapterId: number; counts: Counts } | null>(null);
  const [sheet, setSheet] = useState<Sheet>(null);
  const press = useRef<{ timer?: ReturnType<typeof setTimeout>; fired: boolean } | null>(null);
  // Settings reach the page before paged mode measures it (layout effects run in order).
  useLayoutEffect(() => applySettings(settings), [settings]);
  // The persisted settings are read in the browser only: the first render matches the server's, then paged mode starts.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const paged = hydrated && settings.reader === 'p';

  const show = useCallback((next: ReadChapter, push: boolean) => {
    setChapter(next);
    setSheet(null);
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

  const onEdge = useCallback(
    (which: 'next' | 'prev') => {
      if (which === 'next') void go(chapter.next_id);
      else if (chapter.prev_id) void go(chapter.prev_id);
    },
    [chapter.next_id, chapter.prev_id, go],
  );
  const layoutKey = `${settings.fontSize}|${settings.lineHeight}|${settings.margin}|${settings.font}|${chapter.locked}`;
  const pager = usePaged({ enabled: paged, dir: chapter.novel.dir, frame: body, flow, chapterKey: chapter.id, layoutKey, onEdge });

  // Back and forward between chapters read in this visit.
  useEffect(() => {
    const onPop = () => {
      const id = Number(window.location.pathname.split('/').pop());
      if (id && id !== chapter.id) void go(id, false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [chapter.id, go]);

  // A chapter opened: keep it (in memory, and on the device for offline), warm the next one, record the position
  // (or jump to the saved paragraph).
  useEffect(() => {
    if (!chapter.locked) rememberArticle(chapter);
    keepRecent(chapter);
    prefetchChapter(chapter.next_id, chapter.novel_id);
    const hash = /^#p(\d+)$/.exec(window.location.hash);
    if (hash && document.documentElement.dataset.reader !== 'p') document.getElementById(`p${hash[1]}`)?.scrollIntoView();
    if (!chapter.locked) reportPosition(positionOf(chapter, hash ? Number(hash[1]) : 0), true);
  }, [chapter]);

  // While the reader reads (visible, touched in the last 2 minutes), the position goes again every 30 s, so a long
  // page read without scrolling still counts as reading time (docs/activity.md "What the server counts").
  useEffect(() => (chapter.locked ? undefined : startReadingHeartbeat(chapter.id)), [chapter.id, chapter.locked]);

  // Comment counts come after the chapter has painted: the module, the hashing and the calls never delay the text.
  useEffect(() => {
    if (chapter.locked) return;
    let live = true;
    const frame = requestAnimationFrame(() => {
      setTimeout(() => {
        void import('@/lib/client/reader/comment-counts')
          .then((m) => m.loadCommentCounts(chapter.novel_id, chapter.id, chapter.paragraphs))
          .then((c) => live && setCounts({ chapterId: chapter.id, counts: c }));
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, [chapter]);
  const shown = counts && counts.chapterId === chapter.id ? counts.counts : null;

  /** A comment was posted in the sheet: its count goes up at once. */
  const posted = useCallback(
    (paragraph: number | undefined) =>
      setCounts((prev) => {
        const base = prev && prev.chapterId === chapter.id ? prev.counts : { chapter: 0, orphans: 0, byIndex: {} };
        return {
          chapterId: chapter.id,
          counts:
            paragraph === undefined
              ? { ...base, chapter: base.chapter + 1 }
              : { ...base, byIndex: { ...base.byIndex, [paragraph]: (base.byIndex[paragraph] ?? 0) + 1 } },
        };
      }),
    [chapter.id],
  );

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

  // Scrolling on hides the bars again, as in the leading apps.
  useEffect(() => {
    if (!bars || panel) return;
    const from = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - from) > 48) setBars(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [bars, panel]);

  // Keys turn pages too (a keyboard or a page-turner remote).
  useEffect(() => {
    if (!paged) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [role="dialog"]')) return;
      const rtl = chapter.novel.dir === 'rtl';
      if (e.key === 'PageDown' || e.key === ' ' || e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) pager.turnPage('forward');
      else if (e.key === 'PageUp' || e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) pager.turnPage('back');
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [paged, pager, chapter.novel.dir]);

  function onTap(e: React.MouseEvent<HTMLDivElement>) {
    // A long press opened a paragraph's comments: the click that follows it is not a tap.
    if (press.current?.fired) {
      press.current = null;
      return;
    }
    // Taps on the page's own controls (buy, links, the chapter end, a paragraph's badge) are theirs, and a swipe is not a tap.
    if ((e.target as HTMLElement).closest('a, button, input, label, select, .paywall')) return;
    if (panel) return setPanel(false);
    const frame = body.current?.getBoundingClientRect();
    const x = frame && frame.width ? (e.clientX - frame.left) / frame.width : 0.5;
    const action = paged ? tapAction(x, chapter.novel.dir) : 'menu';
    if (action === 'menu') setBars((v) => !v);
    else {
      setBars(false);
      pager.turnPage(action);
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
    if (!p || chapter.locked || e.touches.length > 1) return;
    const index = Number(p.dataset.idx);
    const state: { fired: boolean; timer?: ReturnType<typeof setTimeout> } = { fired: false };
    state.timer = setTimeout(() => {
      state.fired = true;
      setSheet({ paragraph: index });
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
    const way = swipeAction(t.clientX - start.x, t.clientY - start.y, chapter.novel.dir);
    if (!way) return;
    // A swipe is not a tap: cancelling the touch's end keeps the browser from sending a click after it.
    if (e.cancelable) e.preventDefault();
    setBars(false);
    pager.turnPage(way);
  }

  const openCatalogue = () =>
    useModalStore
      .getState()
      .open('chapters', { novelId: chapter.novel_id, currentArticleId: chapter.id, currentIdx: chapter.idx, dir: chapter.novel.dir });
  const night = settings.skin === 'night';

  return (
    <div className="reader" data-bars={bars || panel ? 'shown' : 'hidden'}>
      <MinorsUsageGate kind="read" />
      {/* The bars follow the book's direction (back on the right for Uyghur), as the pages and taps do. */}
      <header className="reader-top" dir={chapter.novel.dir} inert={!(bars || panel)}>
        <Link href={`/m/novels/${chapter.novel_id}`} className="reader-back" aria-label="返回书籍详情">
          ‹
        </Link>
        <span className="reader-book">{chapter.novel.title}</span>
        <button type="button" className="reader-tool" onClick={() => useModalStore.getState().open('read-continue', {})}>
          最近
        </button>
        <ShareButton
          path={`/m/read/${chapter.id}?nid=${chapter.novel_id}`}
          title={`${chapter.novel.title} · ${chapter.title}`}
          className="reader-tool"
        />
        <WxShare
          path={`/m/read/${chapter.id}?nid=${chapter.novel_id}`}
          title={`${chapter.novel.title} · ${chapter.title}`}
          desc={`《${chapter.novel.title}》${chapter.title}，在书声继续阅读`}
          imgPath={`/covers/share/chapter-${chapter.id}-square.png`}
        />
      </header>
      <div
        ref={body}
        className="reader-page"
        onClick={onTap}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={cancelPress}
        aria-busy={loading}
      >
        {/* Keyboard and screen-reader users open the bars with this, not by tapping the middle of the page. */}
        <button type="button" className="visually-hidden reader-menu-toggle" onClick={() => setBars((v) => !v)} aria-expanded={bars}>
          阅读菜单
        </button>
        <div ref={flow} className="reader-flow" dir={chapter.novel.dir} style={pager.style}>
          <ChapterBody chapter={chapter} badges={shown?.byIndex} onBadge={(i) => setSheet({ paragraph: i })} />
          {chapter.locked ? (
            <Paywall
              chapter={chapter}
              withNav
              onUnlocked={(c) => {
                rememberArticle(c);
                setChapter(c);
              }}
            />
          ) : (
            <>
              <ChapterEnd
                chapter={chapter}
                busy={loading}
                onGo={(id) => void go(id)}
                onCatalogue={openCatalogue}
                commentCount={shown?.chapter ?? null}
                onComments={() => setSheet({})}
                onTip={() => useModalStore.getState().open('gift', { novelId: chapter.novel_id, chapterId: chapter.id, scene: 'reader' })}
                after={
                  // Game recommendations at the chapter end (docs/games.md "Slots").
                  <GameSlot languageType={chapter.novel.language_type} returnPath={`/m/read/${chapter.id}?nid=${chapter.novel_id}`} />
                }
              />
              {/* docs/ads.md "Ads and placements": one ad under the chapter's end, asked afresh for each chapter. */}
              <AdSlot key={chapter.id} placement="chapter_end" languageType={chapter.novel.language_type} />
            </>
          )}
        </div>
        {paged && pager.pages > 0 ? <PagedStatusLine title={chapter.title} page={pager.page} pages={pager.pages} /> : null}
      </div>
      {loading ? (
        <div className="reader-loading">
          <DelayedSpinner />
        </div>
      ) : null}
      {paged && pager.pages > 1 ? (
        // Paged mode's progress slider, shown and hidden with the bars (docs/reading.md "Paged mode").
        <div className="reader-slider" inert={!(bars || panel)}>
          <input
            type="range"
            min={1}
            max={pager.pages}
            value={pager.page + 1}
            aria-label="页码"
            aria-valuetext={`第${pager.page + 1}页，共${pager.pages}页`}
            dir={chapter.novel.dir}
            onChange={(e) => pager.goTo(Number(e.target.value) - 1)}
          />
        </div>
      ) : null}
      <nav className="reader-bottom" aria-label="章节导航" dir={chapter.novel.dir} inert={!(bars || panel)}>
        <button type="button" onClick={() => void go(chapter.prev_id)} disabled={!chapter.prev_id || loading}>
          上一章
        </button>
        <button type="button" onClick={openCatalogue}>
          目录
        </button>
        <button type="button" onClick={() => settings.set({ skin: night ? 'skin1' : 'night' })}>
          {hydrated && night ? '日间模式' : '夜间模式'}
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
      {sheet ? (
        <CommentSheet
          key={`${chapter.id}:${sheet.paragraph ?? 'chapter'}`}
          target={{
            novelId: chapter.novel_id,
            chapterId: chapter.id,
            paragraph:
              sheet.paragraph === undefined ? undefined : { index: sheet.paragraph, text: chapter.paragraphs[sheet.paragraph] ?? '' },
            orphans: shown?.orphans ?? 0,
            lang: chapter.novel.language_type === 0 ? 'ug' : chapter.novel.language_type === 2 ? 'bo' : 'zh-CN',
            dir: chapter.novel.dir,
          }}
          onClose={() => setSheet(null)}
          onPosted={() => posted(sheet.paragraph)}
        />
      ) : null}
      <div className="reader-dim" aria-hidden="true" />
    </div>
  );
}
