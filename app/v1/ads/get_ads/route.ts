import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { hostFrom } from '@/lib/server/http/own-hosts';
import { serveAds } from '@/lib/server/ads/serve';
import { adViewer } from '@/lib/server/ads/viewer';
import { COOKIE } from '@/lib/shared/cookies';
import { getAdsQuery } from '@/lib/shared/schemas/ads';

// GET /v1/ads/get_ads?business_type=1&placement&language_type&channel — this viewer's ads at one placement, each with
// an impression token; none for ad-free members (docs/ads.md "Calls").
export const GET = withApi(
  ({ req, query, member, ip }) =>
    serveAds(adViewer(member, { trackingId: req.cookies.get(COOKIE.tracking)?.value, ip, host: hostFrom(req.headers).host }), {
      placement: query.placement,
      languageType: query.language_type,
      channel: query.channel,
    }),
  { auth: 'optional', query: getAdsQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
