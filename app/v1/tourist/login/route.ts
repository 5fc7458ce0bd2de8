import { withApi } from '@/lib/server/http/with-api';
import { limitByIp } from '@/lib/server/abuse/rate-limit';
import { loginAsGuest } from '@/lib/server/accounts/login';
import { requireCurrentConsent } from '@/lib/server/accounts/consent';
import { signedInReply } from '@/lib/server/http/signed-in-reply';
import { touristLoginBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/tourist/login — one-tap guest sign-in tied to a device id, with the agreed agreement versions.
export const POST = withApi(
  async ({ body, req, ip }) => {
    // Refused before the address's guest counter moves: a sign-in without consent writes nothing (docs/agreements.md).
    await requireCurrentConsent(body.agreements);
    await limitByIp('guest', ip, req.headers);
    return signedInReply(
      req,
      await loginAsGuest(body.device_id, { userAgent: req.headers.get('user-agent'), ip, agreed: body.agreements }),
    );
  },
  { body: touristLoginBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
