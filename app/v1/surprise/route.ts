import { withApi } from '@/lib/server/http/with-api';
import { claimSurprises } from '@/lib/server/activity/surprises';
import { surpriseBody } from '@/lib/shared/schemas/activity';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/surprise {keys, environment} — pays each surprise the server's records show earned, once per member;
// an unknown key refuses the whole call (docs/activity.md "Surprises").
export const POST = withApi(({ member, body }) => claimSurprises(member.id, body.keys, body.environment), {
  auth: 'member',
  body: surpriseBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
