import { withApi } from '@/lib/server/http/with-api';
import { offlineCheck } from '@/lib/server/offline/manifest';
import { offlineCheckQuery } from '@/lib/shared/schemas/offline';
import { detectUa } from '@/lib/shared/ua';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/offline/check?article_ids=1,2 — which downloaded chapters the member may still open (re-check on reconnect).
export const GET = withApi(
  ({ query, member, req }) => offlineCheck(member.id, query.article_ids, new Date(), detectUa(req.headers.get('user-agent')).wechat),
  { auth: 'member', query: offlineCheckQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
