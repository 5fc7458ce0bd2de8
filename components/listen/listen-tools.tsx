'use client';

import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ListenController } from '@/lib/client/listen/controller';
import { PLAYBACK_RATES, useListenStore } from '@/lib/client/stores/listen-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { CONTINUOUS_PLAY_OPTIONS } from '@/lib/shared/continuous-play';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { VOICE_TEXT } from '@/lib/shared/voice-text';
import { SleepTimer } from './sleep-timer';
import { VoiceButton } from './voice-button';

function nextRate(rate: number): number {
  const i = PLAYBACK_RATES.findIndex((r) => r >= rate - 1e-9);
  return PLAYBACK_RATES[(i + 1) % PLAYBACK_RATES.length] ?? 1;
}

export interface ListenToolsProps {
  controller: ListenController | null;
  chapter: ReadChapter;
  readType: 1 | 2;
  current: boolean;
  /** The time track of the moment: the sleep timer's paragraph boundaries read it. */
  track: readonly number[] | null;
}

/**
 * The row of tools under the play button: rate, 目录, 连播, the sleep timer, 音色 and 打赏. Each sheet's code loads at
 * its first tap (docs/listening.md "How the listen page loads"); the row reads only the settings it shows.
 */
export function ListenTools({ controller, chapter, readType, current, track }: ListenToolsProps) {
  const s = useListenStore(
    useShallow((st) => ({
      rate: st.playbackRate,
      sleepAt: st.sleepAt,
      continuousType: st.continuousPlayType,
      preparingVoice: st.preparingVoice,
    })),
  );
  // The sleep timer's paragraph boundaries read the track of the moment (docs/listening.md "Sleep timer").
  const trackRef = useRef(track);
  useEffect(() => {
    trackRef.current = track;
  }, [track]);
  const continuous = CONTINUOUS_PLAY_OPTIONS.find((o) => o.type === s.continuousType) ?? CONTINUOUS_PLAY_OPTIONS[0];
  const open = useModalStore.getState().open;
  return (
    <>
      <div className="listen-tools">
        <button type="button" className="listen-tool" onClick={() => controller?.setRate(nextRate(s.rate))}>
          <span className="listen-tool-value">{s.rate}x</span>
          <span className="listen-tool-label">倍速</span>
        </button>
        <button
          type="button"
          className="listen-tool"
          onClick={() =>
            open('chapters', {
              novelId: chapter.novel_id,
              currentArticleId: chapter.id,
              currentIdx: chapter.idx,
              listenReadType: readType,
            })
          }
        >
          <span className="listen-tool-value">
            {chapter.idx}/{chapter.novel.article_count}
          </span>
          <span className="listen-tool-label">目录</span>
        </button>
        <button type="button" className="listen-tool" onClick={() => open('play-setting', { type: s.continuousType })}>
          <span className="listen-tool-value">{continuous.short}</span>
          <span className="listen-tool-label">连播</span>
        </button>
        <SleepTimer
          sleepAt={s.sleepAt}
          onSet={(choice) => {
            // The plain timer at once; fade, 本集结束 and resume live in a module loaded at the first choice
            // (first-load budget), which takes over from it.
            controller?.setSleepTimer(typeof choice === 'number' ? choice : null);
            if (controller)
              void import('@/lib/client/listen/sleep-runner').then((r) => r.setSleep(controller, choice, () => trackRef.current));
          }}
        />
        <VoiceButton novelId={chapter.novel_id} chapterId={chapter.id} languageType={chapter.novel.language_type} />
        {/* 打赏 from the listen page too (docs/gifts-votes-pages.md "Gift modal"). */}
        <button
          type="button"
          className="listen-tool"
          onClick={() => open('gift', { novelId: chapter.novel_id, chapterId: chapter.id, scene: 'listen' })}
        >
          <span className="listen-tool-value" aria-hidden="true">
            <svg width="20" height="20" viewBox="0 0 24 24">
              <path
                d="M4 11h16v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zm-1-4h18v4H3zm9 0v14M12 7c-1.5-3-5-3.5-5-1s3.5 1 5 1zm0 0c1.5-3 5-3.5 5-1s-3.5 1-5 1z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <span className="listen-tool-label">打赏</span>
        </button>
      </div>
      {current && s.preparingVoice ? (
        <p className="listen-voice-preparing" role="status">
          {VOICE_TEXT.preparing}
        </p>
      ) : null}
    </>
  );
}
