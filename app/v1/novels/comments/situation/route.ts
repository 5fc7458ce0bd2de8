import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { reviewSituation } from '@/lib/server/social/reviews';
import { novelBody } from '@/lib/shared/schemas/community';

// POST /v1/novels/comments/situation {novel_id} — the member's long review of the novel and its state.
export const POST = withApi(({ member, body }) => reviewSituation(member.id, body.novel_id), { auth: 'member', body: novelBody });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
