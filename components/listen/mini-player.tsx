'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ListenController } from '@/lib/client/listen/controller';
import { useListenStore } from '@/lib/client/stores/listen-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useConfig } from '@/lib/client/use-config';
import { listenHref } from '@/lib/shared/reader-links';
import { miniPlayerShape, useMiniPlayerBottom } from './mini-player-offset';
import { PlayPauseIcon } from './play-pause-icon';
import { MiniPlayerMinorsGate } from '@/components/minors/mini-player-gate';
import { coverSrc } from '@/components/novel/cover';
import { usePendingNavigation } from '@/components/ui/use-pending-navigation';

const RING_R = 26;
const RING_LENGTH = 2 * Math.PI * RING_R;

export type MiniPlayerControls = Pick<ListenController, 'sync' | 'toggle' | 'close' | 'pause'>;

/**
 * The mini player (docs/listening.md "Mini player"): shown when a novel, an article and the tts config exist, not on
 * the listen page. Docked above the tab bar: a progress ring round the cover (which opens the listen page), the
 * title and chapter, play/pause and close. In the reader only the ringed cover, as a disc that plays and pauses and
 * hides with the reader's bars.
 */
export function MiniPlayer({ controller }: { controller: MiniPlayerControls }) {
  const pathname = usePathname();
  const { navigation, bar } = usePendingNavigation();
  const { flags } = useConfig();
  const s = useListenStore(
    useShallow((st) => ({
      novel: st.novel,
      article: st.article,
      visible: st.visible,
      playing: st.playing,
      currentTime: st.currentTime,
      duration: st.duration,
      needMoney: st.needMoney,
      readType: st.read_type,
      chapterTitle: st.chapterTitle,
    })),
  );
  const modal = useModalStore((st) => st.current?.name ?? null);
  const pause = useCallback(() => controller.pause(), [controller]);
  const bottom = useMiniPlayerBottom(modal);

  // Every update: the controller sets the source on the first one that qualifies (docs/listening.md "Player rules").
  useEffect(() => controller.sync());

  if (!s.visible || !s.novel || !s.article || !flags?.tts?.enabled || pathname.startsWith('/m/listen/')) return null;
  const href = listenHref(s.article.id, null, s.readType);
  const progress = s.duration > 0 ? Math.min(1, s.currentTime / s.duration) : 0;
  const shape = miniPlayerShape(pathname);
  // A locked chapter never plays: its purchase is on the listen page.
  const toggle = () => (s.needMoney ? navigation.push(href) : controller.toggle());
  const ring = (
    <svg className="mini-ring" viewBox="0 0 60 60" aria-hidden="true">
      <circle cx="30" cy="30" r={RING_R} className="mini-ring-track" />
      <circle
        cx="30"
        cy="30"
        r={RING_R}
        className="mini-ring-done"
        strokeDasharray={RING_LENGTH}
        strokeDashoffset={RING_LENGTH * (1 - progress)}
      />
    </svg>
  );
  const style = bottom === null ? undefined : { bottom: `calc(${bottom}px + env(safe-area-inset-bottom))` };
  // 青少年模式: heartbeats while it plays here, and the stop with its reason (docs/minors-mode.md); and the bar of a
  // locked chapter's way to the listen page.
  const alongside = (
    <>
      <MiniPlayerMinorsGate playing={s.playing} pause={pause} />
      {bar}
    </>
  );

  if (shape === 'disc') {
    return (
      <>
        {alongside}
        <aside className="mini-player" data-shape="disc" style={style} aria-label="听书播放器">
          <button type="button" className="mini-disc" aria-label={`${s.playing ? '暂停' : '播放'}：${s.novel.title}`} onClick={toggle}>
            <img src={coverSrc(s.novel.thumb, 40)} alt="" width={40} height={40} />
            {ring}
            <span className="mini-disc-icon">
              <PlayPauseIcon playing={s.playing} size={16} />
            </span>
          </button>
        </aside>
      </>
    );
  }

  return (
    <>
      {alongside}
      <aside className="mini-player" data-shape="dock" style={style} aria-label="听书播放器">
        <Link href={href} className="mini-open" aria-label={`打开听书页：${s.novel.title}${s.chapterTitle ? ` ${s.chapterTitle}` : ''}`}>
          <span className="mini-cover">
            <img src={coverSrc(s.novel.thumb, 40)} alt="" width={40} height={40} />
            {ring}
          </span>
          <span className="mini-text" aria-hidden="true">
            <strong>
              <bdi>{s.novel.title}</bdi>
            </strong>
            {s.chapterTitle ? (
              <span>
                <bdi>{s.chapterTitle}</bdi>
              </span>
            ) : null}
          </span>
        </Link>
        <button type="button" className="mini-button" aria-label={s.playing ? '暂停' : '播放'} onClick={toggle}>
          <PlayPauseIcon playing={s.playing} size={22} />
        </button>
        <button type="button" className="mini-button" aria-label="关闭播放器" onClick={() => controller.close()}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </aside>
    </>
  );
}
