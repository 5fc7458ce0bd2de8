import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { listPrizeRecords } from '@/lib/server/activity/lottery-queries';
import { prizesQuery } from '@/lib/shared/schemas/prize-wheel';

// GET /v1/mall/prizes?start&limit — the prizes the member won (not 谢谢参与), newest first: {data, hasmore}.
export const GET = withApi(({ member, query }) => listPrizeRecords(member.id, query.start, query.limit), {
  auth: 'member',
  query: prizesQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
