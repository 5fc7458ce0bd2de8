import { withApi } from '@/lib/server/http/with-api';
import { correctBirthDate } from '@/lib/server/wallet/minors';
import { birthDateBody, memberIdParams } from '@/lib/shared/schemas/accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/admin/members/{id}/birth_date {birth_date} — support corrects a member's declared birth date, which the
// member cannot change once set (docs/abuse.md "Minors"). Header x-admin-token.
export const POST = withApi(({ params, body }) => correctBirthDate(params.id, body.birth_date), {
  auth: 'admin',
  params: memberIdParams,
  body: birthDateBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
