import { withApi } from '@/lib/server/http/with-api';
import { limitByIp } from '@/lib/server/abuse/rate-limit';
import { loginAsGuest } from '@/lib/server/accounts/login';
import { signedInReply } from '@/lib/server/http/signed-in-reply';
import { touristLoginBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/tourist/login — one-tap guest sign-in tied to a device id.
export const POST = withApi(
  async ({ body, req, ip }) => {
    await limitByIp('guest', ip, req.headers);
    return signedInReply(req, await loginAsGuest(body.device_id, { userAgent: req.headers.get('user-agent'), ip }));
  },
  { body: touristLoginBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
