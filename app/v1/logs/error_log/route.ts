import { withApi } from '@/lib/server/http/with-api';
import { limitByIp } from '@/lib/server/abuse/rate-limit';
import { recordErrorLog } from '@/lib/server/ops/error-logs';
import { errorLogBody } from '@/lib/shared/schemas/ops';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/logs/error_log — client-side API failures (type 1) and render errors (type 2).
export const POST = withApi(
  async ({ body, member, req, ip }) => {
    await limitByIp('logs', ip, req.headers);
    return recordErrorLog(body, { memberId: member?.id ?? null, userAgent: req.headers.get('user-agent') });
  },
  { auth: 'optional', body: errorLogBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
