import { withApi } from '@/lib/server/http/with-api';
import { PUBLIC_CACHE } from '@/lib/server/core/cache';
import { checkinRules } from '@/lib/server/activity/checkin-stats';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/checkin/rules — the published rewards and rules, public (docs/activity.md "Check-in").
export const GET = withApi(async () => checkinRules(), { cacheControl: PUBLIC_CACHE });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
