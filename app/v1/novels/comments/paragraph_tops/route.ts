import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { paragraphTops } from '@/lib/server/social/paragraph-tops';
import { paragraphTopsQuery } from '@/lib/shared/schemas/community';

// GET /v1/novels/comments/paragraph_tops?novel_id&chapter_id — each commented paragraph's count and top comment,
// once per chapter for the listen page (docs/listening.md "Comments while listening"). The answer depends on who
// may read the chapter, so the browser may keep it a minute but no shared cache may.
export const GET = withApi(({ member, query }) => paragraphTops(member?.id ?? null, query), {
  auth: 'optional',
  query: paragraphTopsQuery,
  cacheControl: 'private, max-age=60',
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
