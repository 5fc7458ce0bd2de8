import { withApi } from '@/lib/server/http/with-api';
import { getFollowQrcode } from '@/lib/server/accounts/official-account';
import { siteUrl } from '@/lib/server/core/site-url';
import { requestOrigin } from '@/lib/shared/request-origin';
import { mpQrcodeQuery } from '@/lib/shared/schemas/mp';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/mp/qrcode?article_id — the follow-the-official-account QR code's link and logo ({url, logo, content}).
// SITE_URL wins when set: a code printed behind a proxy must still point at the public origin.
export const GET = withApi(({ req, query }) => getFollowQrcode(query.article_id, process.env.SITE_URL ? siteUrl() : requestOrigin(req)), {
  auth: 'optional',
  query: mpQrcodeQuery,
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
