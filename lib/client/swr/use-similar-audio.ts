'use client';

import useSWR from 'swr';
import type { NovelSummary } from '@/lib/shared/dto/novel';
import { quietFetcher } from './quiet-fetcher';

/** GET /v1/audio/similar?nid: novels to listen to next, silently (the section simply stays away). Paged or bare list. */
export function useSimilarAudio(novelId: number) {
  return useSWR<NovelSummary[] | { data: NovelSummary[] }>(`/v1/audio/similar?nid=${novelId}`, quietFetcher, { revalidateOnFocus: false });
}
