import { withApi } from '@/lib/server/http/with-api';
import { checkinStats } from '@/lib/server/activity/checkin-stats';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/checkin/stats — check-ins ever, today's state and the current cycle's calendar (docs/activity.md "Check-in").
export const GET = withApi(({ member }) => checkinStats(member.id), { auth: 'member' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
