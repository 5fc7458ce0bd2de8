import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { listRelated } from '@/lib/server/catalog/discovery';
import { audioSimilarQuery } from '@/lib/shared/schemas/audio-lists';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/audio/similar?nid&limit — novels to listen to like nid (its language; same category, then a shared tag), never nid itself.
export const GET = withApi(
  async ({ query }) => {
    const novel = await getNovelOrThrow(query.nid);
    return listRelated(query.nid, novel.language_type, query.limit, true);
  },
  { query: audioSimilarQuery, cacheControl: PUBLIC_CACHE, catalogue: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
