import { withApi } from '@/lib/server/http/with-api';
import { assertAdmin } from '@/lib/server/http/admin';
import { correctBirthDate } from '@/lib/server/accounts/minors';
import { birthDateBody, memberIdParams } from '@/lib/shared/schemas/accounts';

// POST /v1/admin/members/{id}/birth_date {birth_date} — support corrects a member's declared birth date, which the
// member cannot change once set (docs/abuse.md "Minors"). Header x-admin-token.
export const POST = withApi(
  async ({ req, params, body }) => {
    assertAdmin(req);
    return correctBirthDate(params.id, body.birth_date);
  },
  { params: memberIdParams, body: birthDateBody },
);
