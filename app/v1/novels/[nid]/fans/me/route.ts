import { withApi } from '@/lib/server/http/with-api';
import { getNovelOrThrow } from '@/lib/server/catalog/novels';
import { getFanStanding } from '@/lib/server/wallet/fans';
import { nidParams } from '@/lib/shared/schemas/common';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/fans/me — the signed-in member's fan value, title and place for this novel.
export const GET = withApi(
  async ({ params, member }) => {
    await getNovelOrThrow(params.nid);
    return getFanStanding(member.id, params.nid);
  },
  { auth: 'member', params: nidParams },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
