import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { postComment } from '@/lib/server/social/comment-write';
import { doCommentBody } from '@/lib/shared/schemas/community';

// POST /v1/novels/do_comments {novel_id, content, type, chapter_id?, is_long_comment?, paragraph_hash?, paragraph_index?}
// — a book, chapter or paragraph comment, or the member's long review (docs/community.md "Calls").
export const POST = withApi(({ member, body }) => postComment(member.id, body), { auth: 'member', body: doCommentBody, writes: 'public' });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
