import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { secretReply } from '@/lib/server/http/reply';
import { latestExport, requestExport } from '@/lib/server/accounts/data-export';

// GET /v1/my/data_export — the latest export and, when ready, a 10-minute download link (docs/account-cancellation.md "Data export").
// The link is a secret of this member's: never kept for an x-sig replay and never cached.
export const GET = withApi(async ({ member }) => secretReply(await latestExport(member.id)), { auth: 'member' });

// POST /v1/my/data_export — asks for a copy (one a day); the job makes it.
export const POST = withApi(({ member, ip }) => requestExport(member.id, { ip }), { auth: 'member' });

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
