import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getListenList } from '@/lib/server/catalog/audio-lists';
import { listenListQuery } from '@/lib/shared/schemas/audio-lists';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/lists/weekly_new?read_type&language_type&gender&start&limit — novels first shelved in the last 7 days, newest first (semantics in lib/server/catalog/audio-lists.ts).
export const GET = withApi(({ query }) => getListenList('weekly_new', query), {
  query: listenListQuery,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
