import { withApi } from '@/lib/server/http/with-api';
import { addFavorite } from '@/lib/server/reading/favorites';
import { favoriteBody } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/favorites_tts {nid} — add to the audio shelf (read_type 2).
export const POST = withApi(({ member, body }) => addFavorite(member.id, body.nid, 2), { auth: 'member', body: favoriteBody });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
