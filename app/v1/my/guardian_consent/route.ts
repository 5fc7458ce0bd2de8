import { withApi } from '@/lib/server/http/with-api';
import { ApiReply } from '@/lib/server/http/reply';
import { minorsCookieFor } from '@/lib/server/http/minors-view';
import { recordGuardianConsent } from '@/lib/server/wallet/minors';
import { guardianConsentBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/my/guardian_consent — record a guardian's consent to a minor's paid actions.
export const POST = withApi(
  async ({ member, body, req }) =>
    // A declared minor is in 青少年模式 by age, a guardian's consent lifts it: the hint cookie follows (docs/minors-mode.md).
    new ApiReply(await recordGuardianConsent(member.id, body), 200, {}, await minorsCookieFor(req, member.id)),
  { auth: 'member', body: guardianConsentBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
