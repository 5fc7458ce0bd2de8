import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { issueBridgeCode } from '@/lib/server/accounts/bridge';
import { bridgeCodeBody } from '@/lib/shared/schemas/commerce';
import { secretReply } from '@/lib/server/http/reply';

// POST /v1/bridge/code {return} — a one-time /bridge URL that signs the recharge page in as this member. The code is
// a secret: not kept for an x-sig replay.
export const POST = withApi(async ({ member, body }) => secretReply(await issueBridgeCode(member.id, body.return)), {
  auth: 'member',
  body: bridgeCodeBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
