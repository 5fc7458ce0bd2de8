import { withApi } from '@/lib/server/http/with-api';
import { activitySummary } from '@/lib/server/activity/summary';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/activity/summary — check-in stats, claimable missions and waiting lottery chances (docs/activity.md "Calls").
export const GET = withApi(({ member }) => activitySummary(member.id), { auth: 'member' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
