import { withApi } from '@/lib/server/http/with-api';
import { removeFavorites } from '@/lib/server/reading/favorites';
import { favoritesBatchQuery } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// DELETE /v1/tts/favorites_tts/batch?nids=1,2 — the same for the audio shelf (read_type 2).
export const DELETE = withApi(({ member, query }) => removeFavorites(member.id, query.nids, 2), {
  auth: 'member',
  query: favoritesBatchQuery,
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods('DELETE');
