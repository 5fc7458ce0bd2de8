import { withApi } from '@/lib/server/http/with-api';
import { reportMission } from '@/lib/server/activity/missions';
import { missionBody } from '@/lib/shared/schemas/activity';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/activity/missionComplete {action_id | mission_id} — a share the browser saw; one counted per 60 s, else
// 42900; server-counted missions answer 40000 (docs/activity.md "Missions").
export const POST = withApi(
  ({ member, body }) =>
    reportMission(member.id, body.action_id !== undefined ? { actionId: body.action_id } : { missionId: body.mission_id! }),
  { auth: 'member', body: missionBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
