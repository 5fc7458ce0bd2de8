import { withApi } from '@/lib/server/http/with-api';
import { recordGuardianConsent } from '@/lib/server/wallet/minors';
import { guardianConsentBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/my/guardian_consent — record a guardian's consent to a minor's paid actions.
export const POST = withApi(({ member, body }) => recordGuardianConsent(member.id, body), { auth: 'member', body: guardianConsentBody });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
