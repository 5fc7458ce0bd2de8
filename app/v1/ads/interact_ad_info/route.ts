import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { hostFrom } from '@/lib/server/core/own-hosts';
import { interactAdInfo } from '@/lib/server/ads/interact';
import { adViewer } from '@/lib/server/ads/viewer';
import { interactQuery } from '@/lib/shared/schemas/ads';

// GET /v1/ads/interact_ad_info?language_type — the custom-ad modal's content and 9.9 offer for this member, and
// whether it may show at all (docs/ads.md "Custom-ad modal").
export const GET = withApi(
  ({ req, query, member, ip }) => interactAdInfo(adViewer(member, { ip, host: hostFrom(req.headers).host }), query.language_type),
  { auth: 'optional', query: interactQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
