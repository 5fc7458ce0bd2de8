import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { clickAd } from '@/lib/server/ads/click';
import { clickBody } from '@/lib/shared/schemas/ads';

// POST /v1/ads/click {token} — counts the click once per impression and answers the destination staff entered
// (docs/ads.md "Impressions and clicks"). Anyone who was served the ad may click it, signed in or not.
export const POST = withApi(({ body }) => clickAd(body.token), { body: clickBody });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
