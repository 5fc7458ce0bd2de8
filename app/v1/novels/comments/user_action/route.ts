import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { commentAction } from '@/lib/server/social/comment-actions';
import { userActionBody } from '@/lib/shared/schemas/community';

// POST /v1/novels/comments/user_action {comment_id, action: like|unlike|report, reason?} — once per member.
export const POST = withApi(({ member, body }) => commentAction(member.id, body.comment_id, body.action, body.reason), {
  auth: 'member',
  body: userActionBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
