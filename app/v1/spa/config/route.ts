import { withApi } from '@/lib/server/http/with-api';
import { publicFlags } from '@/lib/server/config/public-flags';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { hostFrom } from '@/lib/server/core/own-hosts';
import { adFilesFor } from '@/lib/server/ads/files';

// GET /v1/spa/config — the runtime flags the pages act on (promotion popup, ads, payment availability, tts…), and the
// current ad files for this host (docs/ads.md "Static files").
// Read from the in-process cache (refreshed every 30 s), so it costs no query; browsers may keep it a minute.
export const GET = withApi(async ({ req }) => ({ ...publicFlags(), ads_files: adFilesFor(hostFrom(req.headers).host) }), {
  cacheControl: 'public, max-age=60',
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
