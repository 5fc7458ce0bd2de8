import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { serveAdsForRequest } from '@/lib/server/ads/serve-request';
import { getAdsQuery } from '@/lib/shared/schemas/ads';

// GET /v1/ads/get_ads?business_type=1&placement&language_type&channel — this viewer's ads at one placement, each with
// an impression token; none for ad-free members (docs/ads.md "Calls").
export const GET = withApi(
  ({ req, query, member, ip }) =>
    serveAdsForRequest(req, member, ip, {
      placement: query.placement,
      languageType: query.language_type,
      channel: query.channel,
    }),
  { auth: 'optional', query: getAdsQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
