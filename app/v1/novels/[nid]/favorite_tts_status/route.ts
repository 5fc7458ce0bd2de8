import { withApi } from '@/lib/server/http/with-api';
import { getFavoriteStatus } from '@/lib/server/reading/favorites';
import { nidParams } from '@/lib/shared/schemas/common';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/favorite_tts_status — whether the novel is on the member's audio shelf.
export const GET = withApi(({ member, params }) => getFavoriteStatus(member.id, params.nid, 2), { auth: 'member', params: nidParams });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
