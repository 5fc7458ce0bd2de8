import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { getWheel } from '@/lib/server/activity/lottery-queries';

// GET /v1/activity/wheel — the wheel's slots, published odds and rules; the member's chances (0 signed out).
export const GET = withApi(({ member }) => getWheel(member?.id ?? null), { auth: 'optional' });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
