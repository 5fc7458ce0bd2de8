'use client';

import useSWR from 'swr';
import type { VoiceList } from '@/lib/shared/dto/audio';
import { quietFetcher } from './quiet-fetcher';

const OPTIONS = { revalidateOnFocus: false };

/**
 * GET /v1/audio/voices?novel_id&article_id (guests too): the voices of the novel's language, whether this chapter
 * is made in each, and the one the server would use. Asked when the 音色 sheet opens; null asks nothing.
 */
export function useVoices(novelId: number | null, articleId?: number) {
  const key = novelId === null ? null : `/v1/audio/voices?novel_id=${novelId}${articleId ? `&article_id=${articleId}` : ''}`;
  return useSWR<VoiceList>(key, quietFetcher, OPTIONS);
}
