import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { listCatalog } from '@/lib/server/catalog/chapters';
import { nidParams } from '@/lib/shared/schemas/common';
import { catalogQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/catalog?start&limit&order&extra_fields&read_type — the chapter list (100 a page), no text.
export const GET = withApi(({ params, query }) => listCatalog(params.nid, query.start, query.limit, query.order, query.extra_fields), {
  params: nidParams,
  query: catalogQuery,
  cacheControl: PUBLIC_CACHE,
  catalogue: true,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
