import { withApi } from '@/lib/server/http/with-api';
import { getCompetitionBoard } from '@/lib/server/wallet/votes';
import { boardQuery, competitionParams } from '@/lib/shared/schemas/rewards';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/competitions/{id}?start&limit — one competition's leaderboard from counted votes.
export const GET = withApi(({ params, query }) => getCompetitionBoard(params.id, query.start, query.limit), {
  params: competitionParams,
  query: boardQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
