import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { clickAdForRequest } from '@/lib/server/ads/serve-request';
import { clickBody } from '@/lib/shared/schemas/ads';

// POST /v1/ads/click {token} — answers the destination staff entered and counts the click at most once per impression
// (docs/ads.md "Impressions and clicks"). Only the viewer the ad was served to may click its token, signed in or not.
export const POST = withApi(({ req, member, ip, body }) => clickAdForRequest(req, member, ip, body.token), {
  auth: 'optional',
  body: clickBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
