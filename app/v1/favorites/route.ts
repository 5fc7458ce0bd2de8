import { withApi } from '@/lib/server/http/with-api';
import { addFavorite, removeFavorites } from '@/lib/server/reading/favorites';
import { favoriteBody, favoriteDeleteQuery } from '@/lib/shared/schemas/reading';

// POST /v1/favorites {nid, read_type} — add to the shelf.
export const POST = withApi(({ member, body }) => addFavorite(member!.id, body.nid, body.read_type), { auth: 'member', body: favoriteBody });

// DELETE /v1/favorites?nid&read_type — remove from the shelf.
export const DELETE = withApi(({ member, query }) => removeFavorites(member!.id, [query.nid], query.read_type), { auth: 'member', query: favoriteDeleteQuery });
