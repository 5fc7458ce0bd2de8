'use client';

import dynamic from 'next/dynamic';
import { memo, useRef } from 'react';
import { MinorsUsageGate } from '@/components/minors/usage-gate';
import { clientIsland } from '@/components/ui/client-island';
import { rememberArticle } from '@/lib/client/reader/article-cache';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { MSG } from '@/lib/shared/messages';
import { AdSlot } from '../ads/ad-slot';
import { ListenControls as Controls } from './listen-controls';
import { ListenFollow as Follow } from './listen-follow';
import { ListenHero as Hero, ListenTop as Top } from './listen-top';
import { ListenTools as Tools } from './listen-tools';
import { SimilarAudioSlot as Similar } from './similar-audio-slot';
import { useListenPage, type ListenPageProps } from './use-listen-page';

// Loaded only on a locked chapter's page (docs/listening.md "Preview of a locked chapter"): the page's first-load
// JavaScript stays within its budget.
const ListenPreview = clientIsland(() => import('./listen-preview').then((m) => m.default));
// The purchase panel, on a locked chapter's page only (rendered on the server there): an open chapter's first
// load does not carry it (docs/listening.md "Preview of a locked chapter").
const Paywall = dynamic(() => import('@/components/reader/paywall').then((m) => m.Paywall));

// The view renders again whenever what it reads changes while the page loads — the controller and the stored listen
// state arriving, the chapter handed over, the time track answered — and each such render is synchronous when a
// store or SWR causes it. Each part renders again only when its own props change (docs/listening.md "How the listen
// page loads").
const ListenTop = memo(Top);
const ListenHero = memo(Hero);
const ListenControls = memo(Controls);
const ListenTools = memo(Tools);
const ListenFollow = memo(Follow);
const ListenAd = memo(AdSlot);
const SimilarAudioSlot = memo(Similar);
const UsageGate = memo(MinorsUsageGate);

export type ListenViewProps = ListenPageProps;

/**
 * The listen page's player (docs/listening.md "Listen page"): it hands its chapter to the visit's controller and shows the
 * listen state — cover and titles, seek bar, play/pause, ±15 s, previous/next, rate, chapter list, continuous
 * play, sleep timer, favourite — and the text with the spoken paragraph followed. When continuous play or a
 * button moves to another chapter, the page follows it (and its address with it). How its parts load:
 * docs/listening.md "How the listen page loads".
 */
export function ListenView(props: ListenViewProps) {
  const { readType, author, initialTime } = props;
  const { controller, chapter, setChapter, current, track } = useListenPage(props);
  // Where a locked chapter's preview is: a purchase continues the full chapter from there.
  const previewAt = useRef(0);

  function onUnlocked(c: ReadChapter) {
    rememberArticle(c);
    setChapter(c);
    const from = c.locked ? 0 : previewAt.current;
    previewAt.current = 0;
    void controller?.open(c, { readType, position: from, autoplay: true, author });
  }

  return (
    <div className="listen">
      <UsageGate kind="listen" />
      <ListenTop chapter={chapter} />
      <ListenHero chapter={chapter} author={author} />
      {chapter.locked ? (
        <div className="listen-locked">
          <p className="muted small">{MSG.listenLocked}</p>
          <ListenPreview
            key={chapter.id}
            articleId={chapter.id}
            languageType={chapter.novel.language_type}
            onPosition={(t) => {
              previewAt.current = t;
            }}
          />
          <Paywall chapter={chapter} onUnlocked={onUnlocked} />
        </div>
      ) : (
        <>
          <section className="listen-player" aria-label="播放控制">
            <ListenControls {...{ controller, chapter, readType, author, current, initialTime }} />
            <ListenTools {...{ controller, chapter, readType, current, track }} />
          </section>
          <ListenFollow {...{ controller, chapter, current, track }} />
        </>
      )}
      {/* docs/ads.md "Ads and placements": the listen page's ad, above the similar-audio list. */}
      <ListenAd key={chapter.id} placement="listen" languageType={chapter.novel.language_type} />
      <SimilarAudioSlot novelId={chapter.novel_id} />
    </div>
  );
}
