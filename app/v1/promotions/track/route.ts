import { withApi } from '@/lib/server/http/with-api';
import { trackPromotion } from '@/lib/server/wallet/promotions';
import { promotionTrackBody } from '@/lib/shared/schemas/commerce';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/promotions/track {promotion_id, act_name} — the promotion popup's open (1), button (2) and close (3).
export const POST = withApi(({ body, member }) => trackPromotion(body.promotion_id, body.act_name, member?.id ?? null), {
  auth: 'optional',
  body: promotionTrackBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
