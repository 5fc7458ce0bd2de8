import { withApi } from '@/lib/server/http/with-api';
import { refreshFollow } from '@/lib/server/accounts/follows';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/my/follow/refresh — "我已关注": asks the messaging app again when it is configured; a member cannot
// declare it (docs/members.md "Follow state").
export const POST = withApi(({ member }) => refreshFollow(member.id), { auth: 'member' });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
