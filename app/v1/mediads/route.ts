import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { serveAdsForRequest } from '@/lib/server/ads/serve-request';
import { mediadsQuery } from '@/lib/shared/schemas/ads';

// GET /v1/mediads?placement=listen|chapter_end&language_type — the ads beside media: the listen page's and the
// reader's chapter end, the same rules as get_ads (docs/ads.md "Calls").
export const GET = withApi(
  ({ req, query, member, ip }) =>
    serveAdsForRequest(req, member, ip, {
      placement: query.placement,
      languageType: query.language_type,
    }),
  { auth: 'optional', query: mediadsQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
