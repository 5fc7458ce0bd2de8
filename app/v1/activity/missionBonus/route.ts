import { withApi } from '@/lib/server/http/with-api';
import { claimMissionBonus } from '@/lib/server/activity/missions';
import { missionBody } from '@/lib/shared/schemas/activity';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/activity/missionBonus {action_id | mission_id} — a completed mission's reward, once per period; 40900 when
// not completed or already taken (docs/activity.md "Missions").
export const POST = withApi(
  ({ member, body }) =>
    claimMissionBonus(member.id, body.action_id !== undefined ? { actionId: body.action_id } : { missionId: body.mission_id! }),
  { auth: 'member', body: missionBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
