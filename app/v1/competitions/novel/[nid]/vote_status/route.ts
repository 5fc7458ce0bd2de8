import { withApi } from '@/lib/server/http/with-api';
import { getVoteStatus } from '@/lib/server/wallet/votes';
import { nidParams } from '@/lib/shared/schemas/common';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/competitions/novel/{nid}/vote_status — the running competition, tickets, the month's cap left (guest: 0 tickets).
export const GET = withApi(({ params, member }) => getVoteStatus(member?.id ?? null, params.nid), { auth: 'optional', params: nidParams });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
