import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { countComments } from '@/lib/server/social/comments';
import { commentCountQuery } from '@/lib/shared/schemas/community';

// GET /v1/novels/comments/count?novel_id&type&chapter_id — public comments; type 3 with a chapter adds the
// per-paragraph badges and the orphans (docs/community.md "Anchoring").
export const GET = withApi(({ member, query }) => countComments(member?.id ?? null, query), { auth: 'optional', query: commentCountQuery });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
