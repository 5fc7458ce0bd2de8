'use client';

import { useEffect, useRef, useState } from 'react';
import { attachStream } from '@/lib/client/listen/attach-stream';
import { formatClock } from '@/lib/client/listen/format-clock';
import type { Detach, MediaLike } from '@/lib/client/listen/media';
import { fetchPreviewUrl, previewReady } from '@/lib/client/listen/preview-api';
import { storedVoice } from '@/lib/client/listen/voice-choice';
import { LISTEN_EXTRA_MSG as T } from '@/lib/shared/listen-extras-text';
import { PlayPauseIcon } from './play-pause-icon';

type Phase = 'loading' | 'ready' | 'playing' | 'ended' | 'none';

/**
 * A locked chapter's preview (docs/listening.md "Preview of a locked chapter"), loaded lazily by the listen page:
 * its own audio element plays the server's preview playlist — only the teaser's segments, at most `max_seconds` —
 * and stops there. `onPosition` hands the page where the preview is, so a purchase continues the full chapter from
 * that point. The visit's player is left alone (the controller has already paused it for a locked chapter).
 */
export default function ListenPreview({
  articleId,
  languageType,
  onPosition,
}: {
  articleId: number;
  /** The novel's language: the preview speaks in the voice chosen for it (docs/listening.md "Voices on the listen page"). */
  languageType?: number;
  onPosition: (seconds: number) => void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [at, setAt] = useState(0);
  const [total, setTotal] = useState(0);
  const limit = useRef(30);
  const position = useRef(onPosition);
  useEffect(() => {
    position.current = onPosition;
  }, [onPosition]);

  useEffect(() => {
    const media = audio.current;
    if (!media) return;
    let detach: Detach | undefined;
    let gone = false;
    const onTime = () => {
      const t = Math.min(media.currentTime, limit.current);
      setAt(t);
      position.current(t);
      // The playlist already ends at the teaser; a shorter configured limit is enforced here.
      if (media.currentTime >= limit.current) {
        media.pause();
        setPhase('ended');
      }
    };
    const onDuration = () => setTotal(Math.min(Number.isFinite(media.duration) ? media.duration : 0, limit.current));
    const onEnded = () => setPhase('ended');
    const onPlay = () => setPhase('playing');
    const onPause = () => setPhase((p) => (p === 'playing' ? 'ready' : p));
    media.addEventListener('timeupdate', onTime);
    media.addEventListener('durationchange', onDuration);
    media.addEventListener('ended', onEnded);
    media.addEventListener('play', onPlay);
    media.addEventListener('pause', onPause);
    fetchPreviewUrl(articleId, languageType === undefined ? null : storedVoice(languageType))
      .then(async ({ url, max_seconds }) => {
        if (gone) return;
        limit.current = max_seconds;
        const ready = await previewReady(url, () => gone);
        if (gone) return;
        if (!ready) return setPhase('none');
        detach = await attachStream(media as unknown as MediaLike, url, { startPosition: 0, onFatal: () => setPhase('none') });
        if (gone) return detach();
        setPhase('ready');
        // Opening the page was a tap: most browsers let it start; where they do not, the button does.
        media.play().catch(() => undefined);
      })
      .catch(() => !gone && setPhase('none'));
    return () => {
      gone = true;
      media.pause();
      detach?.();
      media.removeEventListener('timeupdate', onTime);
      media.removeEventListener('durationchange', onDuration);
      media.removeEventListener('ended', onEnded);
      media.removeEventListener('play', onPlay);
      media.removeEventListener('pause', onPause);
    };
  }, [articleId, languageType]);

  const toggle = () => {
    const media = audio.current;
    if (!media) return;
    if (phase === 'playing') media.pause();
    else {
      if (phase === 'ended') media.currentTime = 0;
      void media.play().catch(() => undefined);
    }
  };

  return (
    <div className="listen-preview" data-phase={phase}>
      <audio ref={audio} preload="auto" onError={() => setPhase('none')} />
      {phase === 'none' ? (
        <p className="muted small">{T.previewNone}</p>
      ) : (
        <>
          <button
            type="button"
            className="listen-preview-play"
            aria-label={phase === 'playing' ? T.previewPause : T.previewPlay}
            disabled={phase === 'loading'}
            onClick={toggle}
          >
            <PlayPauseIcon playing={phase === 'playing'} size={22} />
          </button>
          <span className="listen-preview-time" aria-live="off">
            {phase === 'loading' ? T.previewLoading : T.previewLabel(formatClock(at), formatClock(total))}
          </span>
          <progress className="listen-preview-bar" max={total || 1} value={at} aria-hidden="true" />
          {phase === 'ended' ? (
            <p className="listen-preview-ended" role="status">
              {T.previewEnded}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
