import { withApi } from '@/lib/server/http/with-api';
import { listRandom } from '@/lib/server/catalog/discovery';
import { randomQuery } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/random?language_type&limit — "change a batch": a different handful each call (never cached).
export const GET = withApi(({ query }) => listRandom(query.language_type, query.limit), { query: randomQuery, catalogue: true });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
