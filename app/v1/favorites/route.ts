import { withApi } from '@/lib/server/http/with-api';
import { addFavorite, listFavorites, removeFavorites } from '@/lib/server/reading/favorites';
import { favoriteBody, favoriteDeleteQuery, favoritesListQuery } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/favorites?read_type&start&limit — the shelf of one kind, newest activity first.
export const GET = withApi(({ member, query }) => listFavorites(member.id, query.read_type, query.start, query.limit), {
  auth: 'member',
  query: favoritesListQuery,
  // 青少年模式: the shelf shows only suitable novels (docs/minors-mode.md "Only suitable novels").
  catalogue: true,
});

// POST /v1/favorites {nid, read_type} — add to the shelf.
export const POST = withApi(({ member, body }) => addFavorite(member.id, body.nid, body.read_type), { auth: 'member', body: favoriteBody });

// DELETE /v1/favorites?nid&read_type — remove from the shelf.
export const DELETE = withApi(({ member, query }) => removeFavorites(member.id, [query.nid], query.read_type), {
  auth: 'member',
  query: favoriteDeleteQuery,
});

export const { PUT, PATCH, OPTIONS } = otherMethods('GET', 'POST', 'DELETE');
