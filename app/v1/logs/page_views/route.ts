import { withApi } from '@/lib/server/http/with-api';
import { limitByIp } from '@/lib/server/abuse/rate-limit';
import { recordPageView } from '@/lib/server/ops/page-views';
import { pageViewBody } from '@/lib/shared/schemas/ops';
import { COOKIE } from '@/lib/shared/cookies';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/logs/page_views — a location change: the page opened and the time spent on the previous one.
export const POST = withApi(
  async ({ body, member, req, ip }) => {
    await limitByIp('logs', ip, req.headers);
    return recordPageView(body, { memberId: member?.id ?? null, visitorId: req.cookies.get(COOKIE.tracking)?.value ?? null });
  },
  { auth: 'optional', body: pageViewBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
