import 'server-only';
import type { Comment, CommentOrder, CommentType } from '@/lib/shared/dto/community';

/**
 * INTEGRATION SEAM — the pages branch holds only this signature; the API branch's lib/server/social/comments.ts
 * (the comment service behind GET /v1/novels/comments) replaces this file at merge. The comments page renders its
 * first page through it, so page and API hand out the same list (DESIGN.md "One function, two doors").
 */
export interface ListCommentsInput {
  novelId: number;
  type: CommentType;
  chapterId?: number;
  paragraphHash?: string;
  order: CommentOrder;
  page: number;
  limit: number;
  /** The member asking (liked / is_mine, their own held comments), or null. */
  viewerId: number | null;
}

export async function listComments(_input: ListCommentsInput): Promise<{ data: Comment[]; hasmore: boolean; count: number }> {
  throw new Error('listComments is provided by the API branch (lib/server/social/comments.ts)');
}
