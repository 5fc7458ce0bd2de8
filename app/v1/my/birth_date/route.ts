import { withApi } from '@/lib/server/http/with-api';
import { declareBirthDate } from '@/lib/server/wallet/minors';
import { birthDateBody } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/my/birth_date — declare a birth date; under 18, paid actions then need guardian consent.
export const POST = withApi(({ member, body }) => declareBirthDate(member.id, body.birth_date), { auth: 'member', body: birthDateBody });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
