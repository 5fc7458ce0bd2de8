'use client';

import useSWRInfinite from 'swr/infinite';
import type { CommentPage } from '@/lib/shared/dto/community';
import { buildUrl, swrFetcher } from '../api';

/** GET /v1/novels/comments/replies: a comment's replies page by page, asked only once the thread is opened. */
export function useCommentReplies(commentId: number, open: boolean, limit = 20) {
  return useSWRInfinite<CommentPage>(
    (i, prev: CommentPage | null) =>
      !open || (prev && !prev.hasmore) ? null : buildUrl('/v1/novels/comments/replies', { comment_id: commentId, page: i + 1, limit }),
    swrFetcher,
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
}
