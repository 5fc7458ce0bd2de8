import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { recordMinorsUse } from '@/lib/server/minors/usage';
import { minorsHeartbeatBody } from '@/lib/shared/schemas/minors';
import { statusReply } from '@/lib/server/http/minors-view';

// POST /v1/my/minors_mode/heartbeat {kind: read|listen} — the reader in use or the player playing reports a moment of
// use; the server adds the real time since the member's previous one (docs/minors-mode.md "Daily limit") and answers
// the status, `blocked` saying when to stop.
export const POST = withApi(async ({ member, req }) => statusReply(req, await recordMinorsUse(member.id)), {
  auth: 'member',
  body: minorsHeartbeatBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
