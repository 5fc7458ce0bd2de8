import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getListOrThrow } from '@/lib/server/catalog/lists';
import { listIdParams, pagedQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/lists/{id}?start&limit — a curated list, 20 a page; hasmore when the page came back full.
export const GET = withApi(({ params, query }) => getListOrThrow(params.id, query.start, query.limit), {
  params: listIdParams,
  query: pagedQuery,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
