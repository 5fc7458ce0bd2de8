import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { listLibrary } from '@/lib/server/catalog/discovery';
import { libraryQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/library?language_type&category&status&words&sort&start&limit — the filtered library behind /m/library.
export const GET = withApi(
  ({ query }) =>
    listLibrary({
      languageType: query.language_type,
      categoryId: query.category,
      status: query.status as 0 | 1 | undefined,
      words: query.words,
      sort: query.sort,
      start: query.start,
      limit: query.limit,
    }),
  { query: libraryQuery, cacheControl: PUBLIC_CACHE, catalogue: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
