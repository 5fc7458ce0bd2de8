import { withApi } from '@/lib/server/http/with-api';
import { checkExperiment, experimentSubject } from '@/lib/server/experiments/experiments';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { abCheckQuery } from '@/lib/shared/schemas/games';

// GET /v1/laboratory/ab_tests/check?key — this caller's variant; the first call of a subject is its exposure
// (docs/experiments.md).
export const GET = withApi(({ req, member, query }) => checkExperiment(query.key, experimentSubject(req, member?.id ?? null)), {
  auth: 'optional',
  query: abCheckQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
