import { CODES } from '@/lib/shared/dto/envelope';
import { withApi } from '@/lib/server/http/with-api';
import { ApiError } from '@/lib/server/core/errors';
import { getHealth } from '@/lib/server/ops/health';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/health — database state, for load balancers and the test harness. Down answers 503 with code 50300
// (never code 0 on a 503) and the same state in `data`.
export const GET = withApi(async () => {
  const health = await getHealth();
  if (health.status !== 'ok') throw new ApiError(CODES.unavailable, undefined, health);
  return health;
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
