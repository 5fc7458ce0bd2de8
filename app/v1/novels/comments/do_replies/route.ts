import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { postReply } from '@/lib/server/social/comment-write';
import { doReplyBody } from '@/lib/shared/schemas/community';

// POST /v1/novels/comments/do_replies {novel_id, content, comment_id} — a reply in a comment's thread.
export const POST = withApi(({ member, body }) => postReply(member.id, body), { auth: 'member', body: doReplyBody, writes: 'public' });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
