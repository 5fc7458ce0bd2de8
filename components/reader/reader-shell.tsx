'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { clientIsland } from '@/components/ui/client-island';
import { DelayedSpinner } from '@/components/ui/delayed-spinner';
import { applySettings, useReaderSettings, useReaderSettingsStore } from '@/lib/client/reader/settings-store';
import { useAfterPaint } from '@/lib/client/reader/use-after-paint';
import { useBars } from '@/lib/client/reader/use-bars';
import { useChapterComments } from '@/lib/client/reader/use-chapter-comments';
import { useChapterVisit } from '@/lib/client/reader/use-chapter-visit';
import { useReaderChapter } from '@/lib/client/reader/use-reader-chapter';
import { useReaderTouch } from '@/lib/client/reader/use-reader-touch';
import { useModalStore } from '@/lib/client/stores/modal-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { ChapterBody } from './chapter-body';
import { ChapterFoot } from './chapter-foot';
import { PagedStatusLine } from './paged-status';
import { ParagraphBadges } from './paragraph-badges';
import { PageSlider, ReaderBottomBar, ReaderTopBar } from './reader-bars';
import { ReaderCommentSheet } from './reader-comment-sheet';
import { ReaderUnlock } from './reader-unlock';
import { usePaged } from './use-paged';

// Everything below is loaded when first wanted, never with the chapter (docs/reading.md "How the reader page is built").
const SettingsPanel = clientIsland(() => import('./settings-panel').then((m) => m.SettingsPanel));
// A locked chapter opened in the browser; the one the page arrived on is the server's.
const Paywall = dynamic(() => import('./paywall').then((m) => m.Paywall));

/**
 * The reader's client part: the tap zones, the bars and the state of which chapter shows. The chapter the page
 * arrived on is the server's markup (`children`, and `foot`, its paywall when locked); chapters opened in the
 * browser render here. Reading is immersive (docs/reading.md "Immersive reading"); paged mode turns with the side
 * thirds or a swipe, and measures only after the first paint.
 */
export function ReaderShell({ initial, children, foot }: { initial: ReadChapter; children: ReactNode; foot?: ReactNode }) {
  const settings = useReaderSettings();
  // Settings reach the page before paged mode measures it (layout effects run in order).
  useLayoutEffect(() => applySettings(settings), [settings]);
  // The persisted settings are read in the browser only: the first render matches the server's; paged mode and the
  // night label follow once the page has painted.
  const painted = useAfterPaint();
  const paged = painted && settings.reader === 'p';
  const body = useRef<HTMLDivElement>(null);
  const flow = useRef<HTMLDivElement>(null);
  const { chapter, server, loading, go, unlocked, withText } = useReaderChapter(initial, body);
  const { bars, panel, setBars, setPanel, shown } = useBars();
  const comments = useChapterComments(chapter.id, withText);
  useChapterVisit(withText, body);

  const onEdge = useCallback(
    (which: 'next' | 'prev') => {
      if (which === 'next') void go(chapter.next_id);
      else if (chapter.prev_id) void go(chapter.prev_id);
    },
    [chapter.next_id, chapter.prev_id, go],
  );
  const dir = chapter.novel.dir;
  const layoutKey = `${settings.fontSize}|${settings.lineHeight}|${settings.margin}|${settings.font}|${chapter.locked}`;
  const pager = usePaged({ enabled: paged, dir, frame: body, flow, chapterKey: chapter.id, layoutKey, onEdge });
  const touch = useReaderTouch({
    paged,
    dir,
    locked: chapter.locked,
    page: body,
    panel,
    closePanel: () => setPanel(false),
    toggleBars: () => setBars((v) => !v),
    hideBars: () => setBars(false),
    turnPage: pager.turnPage,
    openSheet: comments.openSheet,
  });
  // The bars are up: the settings sheet is likely next, so its code is fetched now and opens at once.
  useEffect(() => {
    if (shown) void SettingsPanel.preload();
  }, [shown]);

  const openCatalogue = () =>
    useModalStore.getState().open('chapters', { novelId: chapter.novel_id, currentArticleId: chapter.id, currentIdx: chapter.idx, dir });
  const night = painted && settings.skin === 'night';

  return (
    <ReaderUnlock.Provider value={unlocked}>
      <div className="reader" data-bars={shown ? 'shown' : 'hidden'}>
        <ReaderTopBar chapter={chapter} shown={shown} />
        <div ref={body} className="reader-page" {...touch} aria-busy={loading}>
          {/* Keyboard and screen-reader users open the bars with this, not by tapping the middle of the page. */}
          <button type="button" className="visually-hidden reader-menu-toggle" onClick={() => setBars((v) => !v)} aria-expanded={bars}>
            阅读菜单
          </button>
          <div ref={flow} className="reader-flow" dir={dir} style={pager.style}>
            {server ? children : <ChapterBody key={chapter.id} chapter={chapter} />}
            {chapter.locked ? (
              server ? (
                foot
              ) : (
                <Paywall chapter={chapter} withNav onUnlocked={unlocked} />
              )
            ) : (
              <ChapterFoot
                chapter={chapter}
                busy={loading}
                onGo={(id) => void go(id)}
                onCatalogue={openCatalogue}
                commentCount={comments.counts?.chapter ?? null}
                onComments={() => comments.openSheet()}
              />
            )}
          </div>
          <ParagraphBadges page={body} byIndex={comments.counts?.byIndex} onBadge={comments.openSheet} />
          {paged && pager.pages > 0 ? <PagedStatusLine title={chapter.title} page={pager.page} pages={pager.pages} /> : null}
        </div>
        {loading ? (
          <div className="reader-loading">
            <DelayedSpinner />
          </div>
        ) : null}
        {paged && pager.pages > 1 ? <PageSlider page={pager.page} pages={pager.pages} shown={shown} dir={dir} onGoTo={pager.goTo} /> : null}
        <ReaderBottomBar
          chapter={chapter}
          shown={shown}
          busy={loading}
          night={night}
          panel={panel}
          onGo={(id) => void go(id)}
          onCatalogue={openCatalogue}
          onNight={() => useReaderSettingsStore.getState().set({ skin: settings.skin === 'night' ? 'skin1' : 'night' })}
          onPanel={() => setPanel((v) => !v)}
        />
        {panel ? <SettingsPanel onClose={() => setPanel(false)} /> : null}
        {comments.sheet ? (
          <ReaderCommentSheet
            chapter={chapter}
            paragraph={comments.sheet.paragraph}
            orphans={comments.counts?.orphans ?? 0}
            onClose={comments.closeSheet}
            onPosted={() => comments.posted(comments.sheet?.paragraph?.index)}
          />
        ) : null}
        <div className="reader-dim" aria-hidden="true" />
      </div>
    </ReaderUnlock.Provider>
  );
}
