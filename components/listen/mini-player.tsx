'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ListenController } from '@/lib/client/listen/controller';
import { useListenStore } from '@/lib/client/stores/listen-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useConfig } from '@/lib/client/use-config';
import { listenHref } from '@/lib/shared/reader-links';
import { useMiniPlayerBottom, useTuckedWhileScrolling } from './mini-player-offset';
import { PlayPauseIcon } from './play-pause-icon';
import './mini-player.css';

const RING_R = 26;
const RING_LENGTH = 2 * Math.PI * RING_R;

export type MiniPlayerControls = Pick<ListenController, 'sync' | 'toggle' | 'close'>;

/**
 * The floating mini player (docs/listening.md "Mini player"): shown when a novel, an article and the tts config exist, not on the
 * listen page; a progress ring round the cover (which opens the listen page), play/pause and close.
 */
export function MiniPlayer({ controller }: { controller: MiniPlayerControls }) {
  const pathname = usePathname();
  const router = useRouter();
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
  const bottom = useMiniPlayerBottom(modal);
  const tucked = useTuckedWhileScrolling();

  // Every update: the controller sets the source on the first one that qualifies (docs/listening.md "Player rules").
  useEffect(() => controller.sync());

  if (!s.visible || !s.novel || !s.article || !flags?.tts?.enabled || pathname.startsWith('/m/listen/')) return null;
  const href = listenHref(s.article.id, null, s.readType);
  const progress = s.duration > 0 ? Math.min(1, s.currentTime / s.duration) : 0;

  return (
    <aside
      className="mini-player"
      data-tucked={tucked || undefined}
      style={{ bottom: `calc(${bottom}px + env(safe-area-inset-bottom))` }}
      aria-label="听书播放器"
    >
      <Link href={href} className="mini-cover" aria-label={`打开听书页：${s.novel.title}${s.chapterTitle ? ` ${s.chapterTitle}` : ''}`}>
        <img src={s.novel.thumb} alt="" width={44} height={44} />
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
      </Link>
      <button
        type="button"
        className="mini-button"
        aria-label={s.playing ? '暂停' : '播放'}
        // A locked chapter never plays: its purchase is on the listen page.
        onClick={() => (s.needMoney ? router.push(href) : controller.toggle())}
      >
        <PlayPauseIcon playing={s.playing} size={22} />
      </button>
      <button type="button" className="mini-button" aria-label="关闭播放器" onClick={() => controller.close()}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  );
}
