import { withApi } from '@/lib/server/http/with-api';
import { listGamesFor } from '@/lib/server/games/games';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { gamesQuery } from '@/lib/shared/schemas/games';

// GET /v1/games?language_type&start&limit — H5 game recommendations for this reader (docs/games.md "Games").
export const GET = withApi(({ member, query }) => listGamesFor(member?.id ?? null, query), { auth: 'optional', query: gamesQuery });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
