import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getRankingOrThrow } from '@/lib/server/catalog/rankings';
import { langPagedQuery, rankingParams } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/rankings/{slug}?language_type&start&limit — one ranking, ranked within the language.
export const GET = withApi(({ params, query }) => getRankingOrThrow(params.slug, query.language_type, query.start, query.limit), {
  params: rankingParams,
  query: langPagedQuery,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
