import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { notFound } from '@/lib/server/core/errors';
import { AD_FILE_CACHE, readAdFile } from '@/lib/server/ads/files';
import { ADS_MSG } from '@/lib/shared/ads-text';
import type { AdFile } from '@/lib/shared/ads';
import { adFileParams } from '@/lib/shared/schemas/ads';

// GET /v1/ads/static/{name} — a published ad file (docs/ads.md "Static files"): its name is its content's hash, so it
// is cached for a year as immutable. No member, no cookie: the same bytes for everyone on that brand's host.
export const GET = withApi(
  async ({ params }) => {
    const content = await readAdFile(params.name);
    if (!content) throw notFound(ADS_MSG.fileNotFound);
    return JSON.parse(content) as AdFile;
  },
  { params: adFileParams, cacheControl: AD_FILE_CACHE },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
