import { withApi } from '@/lib/server/http/with-api';
import { withinIpLimit } from '@/lib/server/abuse/rate-limit';
import { checkExperiment, experimentSubject } from '@/lib/server/experiments/experiments';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { abCheckQuery } from '@/lib/shared/schemas/games';

// GET /v1/laboratory/ab_tests/check?key — this caller's variant; the first call of a subject is its exposure
// (docs/experiments.md).
export const GET = withApi(
  async ({ req, member, query, ip }) => {
    // A visitor's subject is a tracking id the client picks: past the per-address limit a new one is answered but not
    // stored, so a script rotating cookies cannot swell an experiment's exposures (docs/experiments.md "Subjects and bucketing").
    const record = member ? true : await withinIpLimit('abExposures', ip, req.headers);
    return checkExperiment(query.key, experimentSubject(req, member?.id ?? null), { record });
  },
  { auth: 'optional', query: abCheckQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
