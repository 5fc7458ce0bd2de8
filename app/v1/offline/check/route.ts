import { withApi } from '@/lib/server/http/with-api';
import { offlineCheck } from '@/lib/server/offline/manifest';
import { offlineCheckBody } from '@/lib/shared/schemas/offline';
import { detectUa } from '@/lib/shared/ua';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/offline/check {article_ids} — which downloaded chapters the member may still open (re-check on reconnect).
export const POST = withApi(
  ({ body, member, req }) => offlineCheck(member.id, body.article_ids, new Date(), detectUa(req.headers.get('user-agent')).wechat),
  { auth: 'member', body: offlineCheckBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
