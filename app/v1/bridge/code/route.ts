import { withApi } from '@/lib/server/http/with-api';
import { issueBridgeCode } from '@/lib/server/accounts/bridge';
import { bridgeCodeBody } from '@/lib/shared/schemas/commerce';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/bridge/code {return} — a one-time /bridge URL that signs the recharge page in as this member.
export const POST = withApi(({ member, body }) => issueBridgeCode(member.id, body.return), { auth: 'member', body: bridgeCodeBody });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
