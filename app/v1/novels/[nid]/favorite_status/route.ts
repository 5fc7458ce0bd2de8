import { withApi } from '@/lib/server/http/with-api';
import { getFavoriteStatus } from '@/lib/server/reading/favorites';
import { nidParams } from '@/lib/shared/schemas/common';
import { favoriteStatusQuery } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/favorite_status — whether the novel is on the member's text shelf.
export const GET = withApi(({ member, params, query }) => getFavoriteStatus(member.id, params.nid, query.read_type), {
  auth: 'member',
  params: nidParams,
  query: favoriteStatusQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
