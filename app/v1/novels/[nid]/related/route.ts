import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { listRelated } from '@/lib/server/catalog/discovery';
import { nidParams } from '@/lib/shared/schemas/common';
import { relatedQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/related?language_type — novels like this one, in its language unless asked otherwise.
export const GET = withApi(
  async ({ params, query }) => {
    const novel = await getNovelOrThrow(params.nid);
    return listRelated(params.nid, query.language_type ?? novel.language_type, query.limit);
  },
  { params: nidParams, query: relatedQuery, cacheControl: PUBLIC_CACHE, catalogue: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
