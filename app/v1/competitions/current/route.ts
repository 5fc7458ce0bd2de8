import { withApi } from '@/lib/server/http/with-api';
import { getCurrentBoard } from '@/lib/server/wallet/votes';
import { langDefault } from '@/lib/shared/schemas/catalog';
import { boardQuery } from '@/lib/shared/schemas/rewards';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/competitions/current?language_type&start&limit — the running competition's leaderboard, or null.
// Not cached: a vote moves it and the voter expects to see that (docs/gifts-votes.md "Competitions").
export const GET = withApi(({ query }) => getCurrentBoard(query.language_type, query.start, query.limit), {
  query: boardQuery.extend({ language_type: langDefault }),
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
