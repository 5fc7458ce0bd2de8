import { withApi } from '@/lib/server/http/with-api';
import { ApiReply } from '@/lib/server/http/reply';
import { getHealth } from '@/lib/server/ops/health';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/health — database state, for load balancers and the test harness.
export const GET = withApi(async () => {
  const health = await getHealth();
  return new ApiReply(health, health.status === 'ok' ? 200 : 503);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
