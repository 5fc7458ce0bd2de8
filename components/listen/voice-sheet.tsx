'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { saveVoiceChoice } from '@/lib/client/actions/voices';
import { ApiClientError } from '@/lib/client/api';
import { listenController } from '@/lib/client/listen/registry';
import { storedVoice } from '@/lib/client/listen/voice-choice';
import { useListenStore } from '@/lib/client/stores/listen-store';
import { toast } from '@/lib/client/stores/toast-store';
import { useVoices } from '@/lib/client/swr/use-voices';
import type { VoiceOption } from '@/lib/shared/dto/audio';
import { VOICE_TEXT as T } from '@/lib/shared/voice-text';
import './voice-sheet.css';

export interface VoiceSheetProps {
  novelId: number;
  chapterId: number;
  languageType: number;
  onClose: () => void;
}

/**
 * The listen page's 音色 sheet (docs/listening.md "Voices on the listen page"), loaded at the first tap on 音色: the
 * voices of the novel's language with their name and gender, the one in use marked, a 试听 of each, and for a voice
 * not made for this chapter yet a line saying choosing it starts it. A choice is kept (this browser, and the
 * member's account) and the chapter heard switches to it from the paragraph spoken now.
 */
export default function VoiceSheet({ novelId, chapterId, languageType, onClose }: VoiceSheetProps) {
  const { data, error, mutate } = useVoices(novelId, chapterId);
  const heard = useListenStore((s) => (s.article?.id === chapterId ? (s.preparingVoice ?? s.voice) : null));
  // Before this chapter is heard: the choice kept in this browser when the list still offers it, else the server's.
  const [kept] = useState(() => storedVoice(languageType));
  const inUse = heard ?? (kept && data?.voices.some((v) => v.key === kept) ? kept : data?.current) ?? null;
  const sample = useSample();

  function choose(voice: VoiceOption) {
    sample.stop();
    onClose();
    if (voice.key === inUse) return;
    saveVoiceChoice(languageType, voice.key).catch((err: unknown) =>
      toast(err instanceof ApiClientError && err.status === 400 ? err.message : T.saveFailed),
    );
    // Only the chapter this page plays switches; another one is signed in the new voice when it opens.
    if (useListenStore.getState().article?.id === chapterId) listenController()?.switchVoice(voice.key);
  }

  return (
    <Dialog
      label={T.title}
      onClose={() => {
        sample.stop();
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2 className="dialog-title">{T.title}</h2>
      </div>
      <DialogClose
        onClose={() => {
          sample.stop();
          onClose();
        }}
      />
      {error && !data ? (
        <p className="voice-empty">
          {T.loadFailed}
          <button type="button" className="link-button voice-retry" onClick={() => void mutate()}>
            {T.retry}
          </button>
        </p>
      ) : !data ? (
        <p className="voice-empty" aria-busy="true">
          …
        </p>
      ) : data.voices.length === 0 ? (
        <p className="voice-empty">{T.empty}</p>
      ) : (
        <ul className="voice-list" role="radiogroup" aria-label={T.title} onKeyDown={moveAmongVoices}>
          {data.voices.map((v) => {
            const checked = v.key === inUse;
            return (
              <li key={v.key} className="voice-item">
                <button type="button" role="radio" aria-checked={checked} className="voice-choose" onClick={() => choose(v)}>
                  <span className="voice-name">{v.name}</span>
                  <span className="voice-meta">
                    {v.gender === 'female' ? T.female : T.male}
                    {checked ? <span className="voice-current">{T.current}</span> : null}
                  </span>
                  {v.ready === false && !checked ? <span className="voice-not-ready">{T.notReady}</span> : null}
                </button>
                <button
                  type="button"
                  className="voice-sample"
                  aria-pressed={sample.playing === v.key}
                  aria-label={`${sample.playing === v.key ? T.stopSample : T.sample} ${v.name}`}
                  onClick={() => sample.toggle(v)}
                >
                  {sample.playing === v.key ? T.stopSample : T.sample}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}

/** ↑/↓ move between the voices, as in any radio group; Tab goes on to the 试听 buttons and the close button. */
function moveAmongVoices(e: KeyboardEvent<HTMLUListElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const radios = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]'));
  const at = radios.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  e.preventDefault();
  radios[(at + (e.key === 'ArrowDown' ? 1 : radios.length - 1)) % radios.length]?.focus();
}

/**
 * One sample at a time on an element of its own. The chapter is paused while a sample plays and goes on when the
 * sample ends or stops — when it was playing before the first sample; nothing else of its state changes.
 */
function useSample() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const resume = useRef(false);
  const [playing, setPlayingState] = useState<string | null>(null);
  // The same, for the store subscription below (state would be stale there).
  const on = useRef<string | null>(null);
  const setPlaying = (key: string | null) => {
    on.current = key;
    setPlayingState(key);
  };

  const finish = () => {
    setPlaying(null);
    if (resume.current) {
      resume.current = false;
      listenController()?.play();
    }
  };

  function element(): HTMLAudioElement {
    if (!audio.current) {
      const a = new Audio();
      a.preload = 'auto';
      a.addEventListener('ended', finish);
      a.addEventListener('error', finish);
      audio.current = a;
    }
    return audio.current;
  }

  function stop() {
    audio.current?.pause();
    finish();
  }

  function toggle(v: VoiceOption) {
    if (playing === v.key) return stop();
    const a = element();
    if (!playing && useListenStore.getState().playing) {
      resume.current = true;
      listenController()?.pause();
    }
    a.src = v.sample_url;
    setPlaying(v.key);
    a.play().catch(() => {
      // Refused or not there: the sample stops as if it had ended.
      if (a.src.endsWith(v.sample_url)) finish();
    });
  }

  // The chapter started again meanwhile (the lock screen, a headset): the sample gives way, nothing to resume.
  useEffect(
    () =>
      useListenStore.subscribe((st, prev) => {
        if (!st.playing || prev.playing || on.current === null) return;
        resume.current = false;
        audio.current?.pause();
        on.current = null;
        setPlayingState(null);
      }),
    [],
  );

  // Closed while a sample plays: it stops and the chapter goes on.
  useEffect(
    () => () => {
      audio.current?.pause();
      if (resume.current) listenController()?.play();
      resume.current = false;
    },
    [],
  );

  return { playing, toggle, stop };
}
