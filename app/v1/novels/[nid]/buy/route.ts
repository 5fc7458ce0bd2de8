import { withApi } from '@/lib/server/http/with-api';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { nidParams } from '@/lib/shared/schemas/common';
import { buyBody } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/novels/{nid}/buy {aid} — unlock one paid chapter (vouchers first, then coins); idempotent on x-sig.
export const POST = withApi(({ params, body, member, sig }) => buyChapter(member.id, params.nid, body.aid, sig ?? undefined), {
  auth: 'member',
  params: nidParams,
  body: buyBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
