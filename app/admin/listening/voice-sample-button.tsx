'use client';

import { useEffect, useRef, useState } from 'react';
import { VOICE_LIST_TEXT as T } from '@/lib/shared/console-voice-list-text';

type State = 'idle' | 'loading' | 'playing' | 'failed';
// One clip at a time across the list: starting one stops the one playing.
let playing: HTMLAudioElement | null = null;

/**
 * 试听 for one voice (docs/speech-engines-local.md "Console"): plays the voice's sample clip in an <audio> of its
 * own, started by the tap itself (phones allow sound only from a gesture); a second tap stops it. The first play
 * of a voice waits while the server makes its clip, shown as 加载中….
 */
export function VoiceSampleButton({ src, name }: { src: string; name: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<State>('idle');

  useEffect(() => {
    const el = audio.current;
    return () => {
      if (el && playing === el) playing = null;
    };
  }, []);

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (state === 'playing' || state === 'loading') {
      el.pause();
      el.currentTime = 0;
      setState('idle');
      return;
    }
    if (playing && playing !== el) playing.pause();
    playing = el;
    setState('loading');
    el.play().catch(() => setState((s) => (s === 'loading' ? 'failed' : s)));
  };

  return (
    <>
      <button
        type="button"
        className="secondary"
        style={{ minWidth: 44, minHeight: 44 }}
        aria-label={`${T.listen} ${name}`}
        aria-pressed={state === 'playing'}
        onClick={toggle}
      >
        {state === 'playing' ? T.stop : state === 'loading' ? T.loading : T.listen}
      </button>
      {state === 'failed' ? (
        <span className="meta" role="status">
          {' '}
          {T.failed}
        </span>
      ) : null}
      <audio
        ref={audio}
        src={src}
        preload="none"
        onPlaying={() => setState('playing')}
        onPause={() => setState((s) => (s === 'failed' ? s : 'idle'))}
        onEnded={() => setState('idle')}
        onError={() => setState('failed')}
      />
    </>
  );
}
