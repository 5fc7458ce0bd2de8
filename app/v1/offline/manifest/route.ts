import { withApi } from '@/lib/server/http/with-api';
import { offlineManifest } from '@/lib/server/offline/manifest';
import { offlineManifestQuery } from '@/lib/shared/schemas/offline';
import { detectUa } from '@/lib/shared/ua';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/offline/manifest?novel_id&start&count — what a download of a chapter range holds, for the signed-in member.
export const GET = withApi(
  ({ query, member, req }) => offlineManifest(member.id, query, new Date(), detectUa(req.headers.get('user-agent')).wechat),
  { auth: 'member', query: offlineManifestQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
