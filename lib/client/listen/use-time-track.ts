'use client';

import { useEffect } from 'react';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { useTtsTimeTrack } from '../swr/use-tts-time-track';
import { useListenController } from './registry';

/**
 * The chapter's time track: the one it came with when its audio was already made, otherwise polled every few
 * seconds until complete. The controller gets it too, so read logs name the paragraph being spoken.
 */
export function useTimeTrack(chapter: ReadChapter): readonly number[] | null {
  const poll = !chapter.time_track && !chapter.locked && chapter.novel.has_tts;
  const { data } = useTtsTimeTrack(poll ? chapter.id : null);
  const controller = useListenController();
  const polled = data?.article_id === chapter.id ? data : null;
  const track = chapter.time_track ?? polled?.time_track ?? null;
  const duration = polled?.duration ?? null;
  useEffect(() => controller?.setTimeTrack(chapter.id, track, duration), [controller, chapter.id, track, duration]);
  return track;
}
