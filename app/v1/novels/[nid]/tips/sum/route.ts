import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { getTipsSum } from '@/lib/server/wallet/tips-queries';
import { nidParams } from '@/lib/shared/schemas/common';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/tips/sum — coins tipped to the novel in all, and how many tips.
export const GET = withApi(
  async ({ params }) => {
    await getNovelOrThrow(params.nid);
    return getTipsSum(params.nid);
  },
  { params: nidParams, cacheControl: PUBLIC_CACHE },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
