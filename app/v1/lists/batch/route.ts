import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getListsBatch } from '@/lib/server/catalog/lists';
import { batchQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/lists/batch?ids=1,2,3&language_type&limit — the first page of several lists at once.
export const GET = withApi(({ query }) => getListsBatch(query.ids, query.limit), {
  query: batchQuery,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
