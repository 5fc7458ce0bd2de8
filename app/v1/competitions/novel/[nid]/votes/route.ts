import { withApi } from '@/lib/server/http/with-api';
import { castVote } from '@/lib/server/wallet/votes';
import { nidParams } from '@/lib/shared/schemas/common';
import { voteBody } from '@/lib/shared/schemas/rewards';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/competitions/novel/{nid}/votes {amount} — cast tickets for a novel in the running competition; idempotent on x-sig.
export const POST = withApi(({ params, body, member, sig }) => castVote(member.id, params.nid, body.amount, sig ?? undefined), {
  auth: 'member',
  params: nidParams,
  body: voteBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
