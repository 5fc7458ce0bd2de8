import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { listPrefaces } from '@/lib/server/reading/chapter';
import { prefacesQuery } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/articles/prefaces?nid=1,2 — the opening lines of each novel's first (free) chapter, keyed by novel id.
export const GET = withApi(({ query }) => listPrefaces(query.nid), { query: prefacesQuery, cacheControl: PUBLIC_CACHE });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
