'use client';

import useSWR from 'swr';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { quietFetcher } from './quiet-fetcher';

/**
 * GET /v1/audio/similar?nid: novels to listen to next, silently (the section simply stays away). Paged or bare list.
 * No call while `novelId` is null (the section is not near the screen yet).
 */
export function useSimilarAudio(novelId: number | null) {
  return useSWR<NovelSummary[] | { data: NovelSummary[] }>(novelId === null ? null : `/v1/audio/similar?nid=${novelId}`, quietFetcher, {
    revalidateOnFocus: false,
  });
}
