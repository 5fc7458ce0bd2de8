import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { listComments } from '@/lib/server/social/comments';
import { commentListQuery } from '@/lib/shared/schemas/community';

// GET /v1/novels/comments?novel_id&type&chapter_id&paragraph_hash&paragraph_index&order&page&limit — top-level
// comments, newest or hottest first (docs/community.md "Calls").
export const GET = withApi(({ member, query }) => listComments(member?.id ?? null, query), { auth: 'optional', query: commentListQuery });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
