import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { listLatestChapters } from '@/lib/server/catalog/chapters';
import { nidParams } from '@/lib/shared/schemas/common';
import { latestQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/catalog/latest — the newest chapter(s), latest first.
export const GET = withApi(({ params, query }) => listLatestChapters(params.nid, query.limit), {
  params: nidParams,
  query: latestQuery,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
