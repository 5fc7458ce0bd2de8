'use client';

import useSWR from 'swr';
import type { TtsTimeTrack } from '@/lib/shared/dto/audio';
import { quietFetcher } from './quiet-fetcher';

export const TIME_TRACK_POLL_MS = 3_000;

// Module-level on purpose: SWR restarts its polling timer whenever this option changes identity, and the listen
// page re-renders several times a second while playing — an inline function would never let the timer fire.
const pollUntilComplete = (latest: TtsTimeTrack | undefined) => (latest?.complete ? 0 : TIME_TRACK_POLL_MS);
const POLL_OPTIONS = { refreshInterval: pollUntilComplete, revalidateOnFocus: false };

/**
 * GET /v1/articles/{id}/tts_time_track[?voice], polled every few seconds until complete; null asks nothing. With a
 * voice, that voice's paragraph starts (docs/listening.md "Voices on the listen page").
 */
export function useTtsTimeTrack(articleId: number | null, voice?: string | null) {
  const key = articleId === null ? null : `/v1/articles/${articleId}/tts_time_track${voice ? `?voice=${encodeURIComponent(voice)}` : ''}`;
  return useSWR<TtsTimeTrack>(key, quietFetcher, POLL_OPTIONS);
}
