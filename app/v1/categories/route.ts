import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { listCategories } from '@/lib/server/catalog/discovery';
import { categoriesQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/categories?language_type&gender — categories with their on-shelf novel counts.
export const GET = withApi(({ query }) => listCategories(query.language_type ?? null, query.gender ?? null), {
  query: categoriesQuery,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
