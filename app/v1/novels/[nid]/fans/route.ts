import { withApi } from '@/lib/server/http/with-api';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { listFans } from '@/lib/server/wallet/fans';
import { nidParams } from '@/lib/shared/schemas/common';
import { fansQuery } from '@/lib/shared/schemas/rewards';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/fans?start&limit — the fan list by fan value, with titles (docs/gifts-votes.md "Fan value and titles").
// Cached on the server (dropped by every tip and vote) but not in browsers: a tipper reloads it to see their place.
export const GET = withApi(
  async ({ params, query }) => {
    await getNovelOrThrow(params.nid);
    return listFans(params.nid, query.start, query.limit);
  },
  { params: nidParams, query: fansQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
