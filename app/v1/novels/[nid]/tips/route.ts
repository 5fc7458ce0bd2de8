import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { listTips } from '@/lib/server/wallet/tips-queries';
import { sendTip } from '@/lib/server/wallet/tips';
import { nidParams } from '@/lib/shared/schemas/common';
import { tipsQuery } from '@/lib/shared/schemas/catalog';
import { tipBody } from '@/lib/shared/schemas/rewards';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/tips?start&limit — tip records, newest first (10 a page).
export const GET = withApi(
  async ({ params, query }) => {
    await getNovelOrThrow(params.nid);
    return listTips(params.nid, query.start, query.limit);
  },
  { params: nidParams, query: tipsQuery, cacheControl: PUBLIC_CACHE },
);

// POST /v1/novels/{nid}/tips {amount, gift_id, scene, chapter_id} — send a gift with coins (never vouchers); 90001 when
// short; idempotent on x-sig (docs/gifts-votes.md "Gifts and tips").
export const POST = withApi(
  ({ params, body, member, sig }) =>
    sendTip(
      member.id,
      params.nid,
      { amount: body.amount, giftId: body.gift_id, scene: body.scene, chapterId: body.chapter_id },
      sig ?? undefined,
    ),
  { auth: 'member', params: nidParams, body: tipBody, writes: 'public' },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
