import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getListenList } from '@/lib/server/catalog/audio-lists';
import { listenListQuery } from '@/lib/shared/schemas/audio-lists';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/lists/weekly?read_type&language_type&gender&start&limit — the last 7 days' most listened (read_type 2, default) or read (semantics in lib/server/catalog/audio-lists.ts).
export const GET = withApi(({ query }) => getListenList('weekly', query), {
  query: listenListQuery,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
