import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/cache';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { listTips } from '@/lib/server/social/tips-queries';
import { nidParams } from '@/lib/shared/schemas/common';
import { tipsQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/tips?start&limit — tip records, newest first (10 a page).
export const GET = withApi(
  async ({ params, query }) => {
    await getNovelOrThrow(params.nid);
    return listTips(params.nid, query.start, query.limit);
  },
  { params: nidParams, query: tipsQuery, cacheControl: PUBLIC_CACHE },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
