'use client';

import useSWR from 'swr';
import type { CommentType } from '@/lib/shared/dto/community';
import { buildUrl } from '../api';
import { quietFetcher } from './quiet-fetcher';

/** GET /v1/novels/comments/count: how many top-level comments a list has; silent, a count is a bonus. */
export function useCommentCount(novelId: number, type: CommentType, chapterId?: number) {
  return useSWR<{ count: number }>(
    buildUrl('/v1/novels/comments/count', { novel_id: novelId, type, chapter_id: chapterId || undefined }),
    quietFetcher,
    {
      revalidateOnFocus: false,
    },
  );
}
