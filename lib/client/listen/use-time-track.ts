'use client';

import { useEffect } from 'react';
import useSWR from 'swr';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { quietFetcher } from '../swr/quiet-fetcher';
import { useListenController } from './registry';

/** GET /v1/articles/{id}/tts_time_track: each paragraph's start (seconds); it grows while a first listen synthesizes. */
export interface TimeTrack {
  article_id: number;
  time_track: number[];
  duration: number | null;
  complete: boolean;
}

export const TIME_TRACK_POLL_MS = 3_000;

// Module-level on purpose: SWR restarts its polling timer whenever this option changes identity, and the listen
// page re-renders several times a second while playing — an inline function would never let the timer fire.
const pollUntilComplete = (latest: TimeTrack | undefined) => (latest?.complete ? 0 : TIME_TRACK_POLL_MS);
const POLL_OPTIONS = { refreshInterval: pollUntilComplete, revalidateOnFocus: false };

/**
 * The chapter's time track: the one it came with when its audio was already made, otherwise polled every few
 * seconds until complete. The controller gets it too, so read logs name the paragraph being spoken.
 */
export function useTimeTrack(chapter: ReadChapter): readonly number[] | null {
  const poll = !chapter.time_track && !chapter.locked && chapter.novel.has_tts;
  const { data } = useSWR<TimeTrack>(poll ? `/v1/articles/${chapter.id}/tts_time_track` : null, quietFetcher, POLL_OPTIONS);
  const controller = useListenController();
  const polled = data?.article_id === chapter.id ? data : null;
  const track = chapter.time_track ?? polled?.time_track ?? null;
  const duration = polled?.duration ?? null;
  useEffect(() => controller?.setTimeTrack(chapter.id, track, duration), [controller, chapter.id, track, duration]);
  return track;
}
