'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { clientIsland } from '@/components/ui/client-island';
import { OptionalIsland } from '@/components/ui/optional-island';
import type { ListenController } from '@/lib/client/listen/controller';
import { paragraphAt } from '@/lib/client/listen/time-track';
import { useListenStore } from '@/lib/client/stores/listen-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { MSG } from '@/lib/shared/messages';
import { ListenText } from './listen-text';

// The spoken paragraph's comments and 回到正在播放 (docs/listening.md "Comments while listening"), after paint.
const ListenExtras = clientIsland(() => import('./listen-extras').then((m) => m.default));

export interface ListenFollowProps {
  controller: ListenController | null;
  chapter: ReadChapter;
  current: boolean;
  track: readonly number[] | null;
}

/**
 * An open chapter's text with the spoken paragraph followed, the first-visit hint above it, and once the chapter has
 * been heard its comments. It reads the time to know the paragraph; the paragraphs themselves do not re-render.
 */
export function ListenFollow({ controller, chapter, current, track }: ListenFollowProps) {
  const s = useListenStore(useShallow((st) => ({ playing: st.playing, currentTime: st.currentTime, guideDone: st.guideReadComplete })));
  const active = current ? paragraphAt(track, s.currentTime) : -1;

  // One function for the page's life: a new callback on every time update (four a second while playing) would
  // re-render the text (docs/listening.md "Listen page").
  const seekText = useRef<(t: number) => void>(() => {});
  useEffect(() => {
    seekText.current = (t) => {
      controller?.seek(t);
      if (!s.playing) controller?.play();
    };
  });
  const onSeekText = useCallback((t: number) => seekText.current(t), []);

  return (
    <>
      {!s.guideDone ? (
        <p className="listen-guide" role="note">
          <span>{MSG.listenGuide}</span>
          <button type="button" className="link-button" onClick={() => useListenStore.getState().patch({ guideReadComplete: true })}>
            知道了
          </button>
        </p>
      ) : null}
      {/* Once this chapter has been heard: the spoken paragraph is known, and the page's first load is long over. */}
      {/* Offline its chunk may not be there: the comments are left out, never the player (docs/offline.md "Offline"). */}
      {current && active >= 0 && (s.playing || s.currentTime > 0) ? (
        <OptionalIsland>
          <ListenExtras chapter={chapter} active={active} />
        </OptionalIsland>
      ) : null}
      <ListenText chapter={chapter} track={track} active={active} follow={current && s.playing} onSeek={onSeekText} />
    </>
  );
}
