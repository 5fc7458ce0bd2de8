import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { listTopTippers } from '@/lib/server/wallet/tips-queries';
import { topTippersParams } from '@/lib/shared/schemas/catalog';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/tippers/top/{n} — the novel's biggest tippers (3 on the novel page).
export const GET = withApi(
  async ({ params }) => {
    await getNovelOrThrow(params.nid);
    return listTopTippers(params.nid, params.n);
  },
  { params: topTippersParams, cacheControl: PUBLIC_CACHE },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
