import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { listGameLogs } from '@/lib/server/activity/lottery-queries';
import { prizesQuery } from '@/lib/shared/schemas/prize-wheel';

// GET /v1/activity/gamelogs?start&limit — every draw of the member, 谢谢参与 included, newest first: {data, hasmore}.
export const GET = withApi(({ member, query }) => listGameLogs(member.id, query.start, query.limit), {
  auth: 'member',
  query: prizesQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
