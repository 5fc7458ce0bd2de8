import { withApi } from '@/lib/server/http/with-api';
import { followStatus } from '@/lib/server/accounts/follows';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/follow — whether the member follows the official account, and whether it can be re-checked (docs/members.md "Follow state").
export const GET = withApi(({ member }) => followStatus(member.id), { auth: 'member' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
