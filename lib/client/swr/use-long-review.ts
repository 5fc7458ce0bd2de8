'use client';

import useSWR from 'swr';
import type { LongCommentConfig, ReviewSituation } from '@/lib/shared/dto/community';
import { api, swrFetcher } from '../api';

export const LONG_COMMENT_CONFIG_PATH = '/v1/config/long_comment';

/** GET /v1/config/long_comment: minimum and maximum length, the reward and the rules text. */
export function useLongCommentConfig() {
  return useSWR<LongCommentConfig>(LONG_COMMENT_CONFIG_PATH, swrFetcher, { revalidateOnFocus: false, dedupingInterval: 60_000 });
}

/** POST /v1/novels/comments/situation: the member's long review of this novel (none, pending, …, rejected). */
export function useReviewSituation(novelId: number, signedIn: boolean) {
  return useSWR<ReviewSituation>(
    signedIn ? ['/v1/novels/comments/situation', novelId] : null,
    ([path, id]: [string, number]) => api<ReviewSituation>(path, { method: 'POST', body: { novel_id: id } }),
    { revalidateOnFocus: false },
  );
}
