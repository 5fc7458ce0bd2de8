import { withApi } from '@/lib/server/http/with-api';
import { ApiReply } from '@/lib/server/http/reply';
import { minorsCookieFor } from '@/lib/server/http/minors-view';
import { declareBirthDate } from '@/lib/server/wallet/minors';
import { birthDateBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/my/birth_date — declare a birth date; under 18, paid actions then need guardian consent.
export const POST = withApi(
  async ({ member, body, req }) =>
    // A declared minor is in 青少年模式 by age, a guardian's consent lifts it: the hint cookie follows (docs/minors-mode.md).
    new ApiReply(await declareBirthDate(member.id, body.birth_date), 200, {}, await minorsCookieFor(req, member.id)),
  { auth: 'member', body: birthDateBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
