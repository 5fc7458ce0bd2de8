import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { secretReply } from '@/lib/server/http/reply';
import { latestExport, makeExport, requestExport } from '@/lib/server/accounts/data-export';
import { afterResponse } from '@/lib/server/core/cache';

// GET /v1/my/data_export — the latest export and, when ready, a 10-minute download link (docs/account-cancellation.md "Data export").
// The link is a secret of this member's: never kept for an x-sig replay and never cached.
export const GET = withApi(async ({ member }) => secretReply(await latestExport(member.id)), { auth: 'member' });

// POST /v1/my/data_export — asks for a copy (one a day); made once the answer has gone out, the job as the backstop.
export const POST = withApi(
  async ({ member, ip }) => {
    const state = await requestExport(member.id, { ip });
    await afterResponse(() => makeExport({ id: state.id, memberId: member.id }));
    return state;
  },
  { auth: 'member' },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
