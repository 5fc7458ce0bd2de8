import { withApi } from '@/lib/server/http/with-api';
import { listMissions } from '@/lib/server/activity/missions';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/activity/missionsList — active day and week missions with progress counted now (docs/activity.md "Missions").
export const GET = withApi(({ member }) => listMissions(member.id), { auth: 'member' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
