'use client';

import useSWRInfinite from 'swr/infinite';
import type { CommentOrder, CommentPage, CommentType } from '@/lib/shared/dto/community';
import { buildUrl, swrFetcher } from '../api';

export interface CommentQuery {
  novelId: number;
  type: CommentType;
  chapterId?: number;
  /** Type 3: one paragraph's thread; '' lists the chapter's orphaned paragraph comments. */
  paragraphHash?: string;
  order: CommentOrder;
  limit: number;
}

/** GET /v1/novels/comments: the path of one page of a list (top-level comments only). */
export function commentsPath(q: CommentQuery, page: number): string {
  return buildUrl('/v1/novels/comments', {
    novel_id: q.novelId,
    type: q.type,
    chapter_id: q.chapterId || undefined,
    paragraph_hash: q.type === 3 ? (q.paragraphHash ?? '') : undefined,
    order: q.order,
    page,
    limit: q.limit,
  });
}

/**
 * A comment list page by page ("more" loads the next). A page the server rendered comes in as `initial` and is not
 * fetched again on mount, so the first paint and hydration show the same list. `enabled` false asks nothing.
 */
export function useComments(q: CommentQuery, { initial, enabled = true }: { initial?: CommentPage; enabled?: boolean } = {}) {
  const first = commentsPath(q, 1);
  return useSWRInfinite<CommentPage>(
    (i, prev: CommentPage | null) => (!enabled || (prev && !prev.hasmore) ? null : commentsPath(q, i + 1)),
    // fallbackData only paints; when 更多 asks for page 2, SWR walks page 1 again: the server's page answers it.
    (key: string) => (initial && key === first ? Promise.resolve(initial) : swrFetcher<CommentPage>(key)),
    {
      fallbackData: initial ? [initial] : undefined,
      revalidateOnMount: !initial,
      revalidateFirstPage: false,
      revalidateOnFocus: false,
    },
  );
}
