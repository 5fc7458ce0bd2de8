import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { listRankings } from '@/lib/server/catalog/rankings';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/rankings — the rankings shown as tabs on /m/ranks.
export const GET = withApi(() => listRankings(null), { cacheControl: PUBLIC_CACHE });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
