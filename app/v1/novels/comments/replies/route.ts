import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { listReplies } from '@/lib/server/social/comments';
import { repliesQuery } from '@/lib/shared/schemas/community';

// GET /v1/novels/comments/replies?comment_id&page&limit — a comment's thread, oldest first.
export const GET = withApi(({ member, query }) => listReplies(member?.id ?? null, query.comment_id, query.page, query.limit), {
  auth: 'optional',
  query: repliesQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
