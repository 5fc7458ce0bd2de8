'use client';

import { useShallow } from 'zustand/react/shallow';
import type { ListenController } from '@/lib/client/listen/controller';
import { useListenStore } from '@/lib/client/stores/listen-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { PlayPauseIcon } from './play-pause-icon';
import { SeekBar } from './seek-bar';

const SKIP_SECONDS = 15;

export interface ListenControlsProps {
  controller: ListenController | null;
  chapter: ReadChapter;
  readType: 1 | 2;
  author: string;
  /** Whether the listen state describes this chapter (the controller has been handed it). */
  current: boolean;
  /** Shown before then: where the page will start. */
  initialTime: number | null;
}

/**
 * The seek bar and the main row — previous, −15 s, play/pause, +15 s, next. The only part of the player that reads
 * the time, so a time update (four a second while playing) re-renders these and nothing else.
 */
export function ListenControls({ controller, chapter, readType, author, current, initialTime }: ListenControlsProps) {
  const s = useListenStore(
    useShallow((st) => ({
      playing: st.playing,
      currentTime: st.currentTime,
      duration: st.duration,
      buffered: st.buffered,
      loading: st.loading,
    })),
  );
  const time = current ? s.currentTime : (initialTime ?? 0);
  return (
    <>
      <SeekBar
        currentTime={time}
        duration={current ? s.duration : 0}
        buffered={current ? s.buffered : 0}
        onSeek={(t) => controller?.seek(t)}
      />
      <div className="listen-main">
        <button
          type="button"
          className="listen-button"
          aria-label="上一章"
          onClick={() => void controller?.previous()}
          disabled={!chapter.prev_id}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 5h2v14H6zM20 5.6v12.8a.6.6 0 0 1-.95.5L10 12.5a.6.6 0 0 1 0-1L19.05 5.1a.6.6 0 0 1 .95.5z" fill="currentColor" />
          </svg>
        </button>
        <button type="button" className="listen-button" aria-label="后退15秒" onClick={() => controller?.skip(-SKIP_SECONDS)}>
          <span className="listen-skip">-15</span>
        </button>
        <button
          type="button"
          className="listen-play"
          aria-label={current && s.playing ? '暂停' : '播放'}
          aria-busy={s.loading}
          // Until the visit's player is there (its code loads after the page's) a tap would do nothing.
          disabled={!controller}
          onClick={() =>
            current ? controller?.toggle() : void controller?.open(chapter, { readType, position: time, autoplay: true, author })
          }
        >
          <PlayPauseIcon playing={current && s.playing} size={30} />
        </button>
        <button type="button" className="listen-button" aria-label="前进15秒" onClick={() => controller?.skip(SKIP_SECONDS)}>
          <span className="listen-skip">+15</span>
        </button>
        <button type="button" className="listen-button" aria-label="下一章" onClick={() => void controller?.next()}>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M16 5h2v14h-2zM4 5.6v12.8a.6.6 0 0 0 .95.5L14 12.5a.6.6 0 0 0 0-1L4.95 5.1a.6.6 0 0 0-.95.5z" fill="currentColor" />
          </svg>
        </button>
      </div>
    </>
  );
}
