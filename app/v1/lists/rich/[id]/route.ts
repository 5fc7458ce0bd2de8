import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getRichListOrThrow } from '@/lib/server/catalog/lists';
import { richListParams, richListQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/lists/rich/{id}?read_type&limit — a carousel or banner list; {id} is a number or slug.language (carousel.1).
export const GET = withApi(({ params, query }) => getRichListOrThrow(params.id, query.read_type, query.limit), {
  params: richListParams,
  query: richListQuery,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
