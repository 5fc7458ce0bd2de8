import type { Comment, CommentActionResult, CommentType, ReportTarget } from '@/lib/shared/dto/community';
import { api } from './api';

/**
 * The community's writes (docs/community.md). Each goes through api(), so it carries x-sig (the idempotency key
 * of a mutation: a double tap posts once) and runs the error catalogue on failure (a toast with the server's message,
 * sign-in on 90002).
 */
export interface NewComment {
  novel_id: number;
  content: string;
  type: CommentType;
  chapter_id?: number;
  is_long_comment?: 0 | 1;
  paragraph_hash?: string;
  paragraph_index?: number;
}

export const postComment = (body: NewComment) => api<Comment>('/v1/novels/do_comments', { method: 'POST', body });

export const postReply = (body: { novel_id: number; content: string; type: CommentType; chapter_id?: number; comment_id: number }) =>
  api<Comment>('/v1/novels/comments/do_replies', { method: 'POST', body });

export const commentAction = (comment_id: number, action: 'like' | 'unlike' | 'report', reason?: string) =>
  api<CommentActionResult>('/v1/novels/comments/user_action', {
    method: 'POST',
    body: reason ? { comment_id, action, reason } : { comment_id, action },
  });

export const claimReviewReward = (novel_id: number) =>
  api<{ welth_coupon: number; balance: number }>('/v1/novels/comment/rewards_receive', { method: 'POST', body: { novel_id } });

export const submitReport = (body: { target_type: ReportTarget; target_id: number; reason: string; content: string; contact?: string }) =>
  api<{ id: number }>('/v1/reports', { method: 'POST', body });

export const readAllMessages = () => api<{ count: number }>('/v1/messages/read_all', { method: 'POST', body: {} });

/** Characters as a reader counts them: code points, without spaces and line breaks (the long-review minimum). */
export function countChars(text: string): number {
  let n = 0;
  for (const ch of text) if (!/\s/.test(ch)) n++;
  return n;
}
