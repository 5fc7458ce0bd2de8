import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { claimReviewReward } from '@/lib/server/social/reviews';
import { novelBody } from '@/lib/shared/schemas/community';

// POST /v1/novels/comment/rewards_receive {novel_id} — claims an approved review's vouchers, once.
export const POST = withApi(({ member, body }) => claimReviewReward(member.id, body.novel_id), { auth: 'member', body: novelBody });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
