import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { drawPrize } from '@/lib/server/activity/lottery';

// POST /v1/activity/draw — spend one lottery chance on the prize wheel; 40900 没有抽奖机会了 when none is left; a
// replayed x-sig answers the first draw again (docs/activity-wheel.md "Prize wheel").
export const POST = withApi(({ member }) => drawPrize(member.id), { auth: 'member' });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
