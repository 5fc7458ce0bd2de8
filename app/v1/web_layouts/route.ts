import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getLayoutOrThrow, refreshLayout } from '@/lib/server/catalog/layouts';
import { layoutQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/web_layouts?page_id&language_type&is_refresh — one channel's blocks; is_refresh=1 refills the lists ("change a batch").
export const GET = withApi(
  ({ query }) =>
    query.is_refresh ? refreshLayout(query.page_id, query.language_type) : getLayoutOrThrow(query.page_id, query.language_type),
  {
    query: layoutQuery,
    cacheControl: PUBLIC_CACHE,
    catalogue: true,
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
