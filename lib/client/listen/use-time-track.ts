'use client';

import { useEffect } from 'react';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { useTtsTimeTrack } from '../swr/use-tts-time-track';
import { useListenController } from './registry';

/**
 * The chapter's time track: the one it came with when its audio was already made, otherwise polled every few
 * seconds until complete. The controller gets it too, so read logs name the paragraph being spoken. Once the
 * listener has switched voice (docs/listening.md "Voices on the listen page") it is that voice's track, read
 * the same way: the chapter came with the voice it was first signed in.
 */
export function useTimeTrack(chapter: ReadChapter, voice: string | null = null): readonly number[] | null {
  const own = voice === null ? chapter.time_track : null;
  const poll = !own && !chapter.locked && chapter.novel.has_tts;
  const { data } = useTtsTimeTrack(poll ? chapter.id : null, voice);
  const controller = useListenController();
  const polled = data?.article_id === chapter.id ? data : null;
  const track = own ?? polled?.time_track ?? null;
  const duration = polled?.duration ?? null;
  useEffect(() => controller?.setTimeTrack(chapter.id, track, duration), [controller, chapter.id, track, duration]);
  return track;
}
