import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { listLibrary } from '@/lib/server/catalog/discovery';
import { audioListQuery } from '@/lib/shared/schemas/audio-lists';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/audio/list?language_type&category&gender&start&limit — every novel that can be listened to, most popular first.
export const GET = withApi(
  ({ query }) =>
    listLibrary({
      languageType: query.language_type,
      categoryId: query.category,
      gender: query.gender,
      audioOnly: true,
      sort: 'popular',
      start: query.start,
      limit: query.limit,
    }),
  { query: audioListQuery, cacheControl: PUBLIC_CACHE, catalogue: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
