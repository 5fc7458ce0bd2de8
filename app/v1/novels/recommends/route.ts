import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { listRecommends } from '@/lib/server/catalog/discovery';
import { langPagedQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/recommends?language_type&start&limit — editor's picks.
export const GET = withApi(({ query }) => listRecommends(query.language_type, query.start, query.limit), {
  query: langPagedQuery,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
