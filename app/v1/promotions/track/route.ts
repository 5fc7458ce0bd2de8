import { withApi } from '@/lib/server/http/with-api';
import { trackPromotion } from '@/lib/server/wallet/promotions';
import { experimentSubject, recordConversion } from '@/lib/server/experiments/experiments';
import { PROMO_COPY_EXPERIMENT } from '@/lib/shared/dto/games';
import { promotionTrackBody } from '@/lib/shared/schemas/commerce';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/promotions/track {promotion_id, act_name} — the promotion popup's open (1), button (2) and close (3).
// The button is the popup copy experiment's conversion (docs/experiments.md "Promotion popup copy").
export const POST = withApi(
  async ({ req, body, member }) => {
    const answer = await trackPromotion(body.promotion_id, body.act_name, member?.id ?? null);
    if (body.act_name === 2) await recordConversion(PROMO_COPY_EXPERIMENT, experimentSubject(req, member?.id ?? null));
    return answer;
  },
  { auth: 'optional', body: promotionTrackBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
