import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { listHotWords } from '@/lib/server/catalog/search';
import { hotWordsQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/search/hot_words?language_type&limit — what readers search most.
export const GET = withApi(({ query }) => listHotWords(query.language_type, query.limit), {
  query: hotWordsQuery,
  cacheControl: PUBLIC_CACHE,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
