import { withApi } from '@/lib/server/http/with-api';
import { agreeAgain, consentStatus } from '@/lib/server/accounts/consent';
import { consentBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/consent — which agreements the member still has to agree to, and the versions in force.
export const GET = withApi(({ member }) => consentStatus(member.id), { auth: 'member' });

// POST /v1/my/consent {agreements} — the member agrees to the versions in force again (docs/agreements.md
// "Agreeing again"). Always for the session's own member: the body names versions, never a member.
export const POST = withApi(
  async ({ member, body, ip }) => {
    const status = await agreeAgain(member.id, body.agreements, ip);
    // The answer's x-consent-due header is worked out from the member read with the session: now up to date.
    member.agreed = { user: status.agreements.user.version, privacy: status.agreements.privacy.version };
    return status;
  },
  { auth: 'member', body: consentBody },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
