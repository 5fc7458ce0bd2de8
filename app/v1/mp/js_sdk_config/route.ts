import { withApi } from '@/lib/server/http/with-api';
import { limitByIp } from '@/lib/server/abuse/rate-limit';
import { jsSdkConfig } from '@/lib/server/sharing/js-sdk';
import { signingOrigins } from '@/lib/server/sharing/origins';
import { jsSdkConfigBody } from '@/lib/shared/schemas/mp';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/mp/js_sdk_config {url, apis} — wx.config's signed fields for a page of this site (docs/sharing.md "Signature").
export const POST = withApi(
  async ({ req, body, ip }) => {
    await limitByIp('jsSdk', ip, req.headers);
    return jsSdkConfig(body, signingOrigins(req));
  },
  { body: jsSdkConfigBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
