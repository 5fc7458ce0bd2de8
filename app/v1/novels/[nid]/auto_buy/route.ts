import { withApi } from '@/lib/server/http/with-api';
import { getAutoBuy, setAutoBuy } from '@/lib/server/wallet/auto-buy';
import { nidParams } from '@/lib/shared/schemas/common';
import { autoBuyBody } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/auto_buy — whether the next paid chapter of this novel is bought without asking.
export const GET = withApi(({ params, member }) => getAutoBuy(member.id, params.nid), { auth: 'member', params: nidParams });

// POST /v1/novels/{nid}/auto_buy {enabled} — the paywall's auto-buy switch.
export const POST = withApi(({ params, member, body }) => setAutoBuy(member.id, params.nid, body.enabled), {
  auth: 'member',
  params: nidParams,
  body: autoBuyBody,
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
