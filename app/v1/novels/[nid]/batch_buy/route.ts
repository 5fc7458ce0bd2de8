import { withApi } from '@/lib/server/http/with-api';
import { buyBatch, quoteBatch } from '@/lib/server/wallet/batch-purchase';
import { nidParams } from '@/lib/shared/schemas/common';
import { batchBuyBody, batchQuoteQuery } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/batch_buy?aid= — what 后10章 / 后50章 / 余下全部 would buy from chapter aid, for how much.
export const GET = withApi(({ params, query, member }) => quoteBatch(member.id, params.nid, query.aid), {
  auth: 'member',
  params: nidParams,
  query: batchQuoteQuery,
});

// POST /v1/novels/{nid}/batch_buy {aid, count} — buys the batch in one transaction; idempotent on x-sig.
export const POST = withApi(({ params, body, member, sig }) => buyBatch(member.id, params.nid, body.aid, body.count, sig ?? undefined), {
  auth: 'member',
  params: nidParams,
  body: batchBuyBody,
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
