import { withApi } from '@/lib/server/http/with-api';
import { listGifts } from '@/lib/server/social/gifts';
import { giftsQuery } from '@/lib/shared/schemas/rewards';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/tips/gifts?language_type — the gift grid; is_free_used for a signed-in member (docs/gifts-votes.md).
export const GET = withApi(({ query, member }) => listGifts(query.language_type, member?.id ?? null), {
  auth: 'optional',
  query: giftsQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
