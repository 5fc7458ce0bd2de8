import { withApi } from '@/lib/server/http/with-api';
import { blockStatus } from '@/lib/server/members/appeals';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/block — the member's block in force: reason, end (or permanent), appeal (docs/members.md "Unblock page").
// One of the calls a blocked member may still make.
export const GET = withApi(({ member }) => blockStatus(member.id), { auth: 'member', blocked: 'allow' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
