import { withApi } from '@/lib/server/http/with-api';
import { checkIn } from '@/lib/server/activity/checkin';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/checkin — today's check-in and its reward; 40900 今天已经签到过了 after the first (docs/activity.md "Check-in").
export const POST = withApi(({ member }) => checkIn(member.id), { auth: 'member' });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
