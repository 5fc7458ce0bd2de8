import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { setMinorsDailyMinutes, turnOffMinorsMode, turnOnMinorsMode } from '@/lib/server/minors/mode';
import { minorsStatus } from '@/lib/server/minors/usage';
import { minorsModeBody } from '@/lib/shared/schemas/minors';
import { statusReply } from '@/lib/server/http/minors-view';

// GET /v1/my/minors_mode — the member's 青少年模式 and today's use (docs/minors-mode.md "Calls").
// Every answer also sets or clears the 青少年模式 hint cookie as the mode stands (docs/minors-mode.md "Only suitable novels").
export const GET = withApi(async ({ member, req }) => statusReply(req, await minorsStatus(member.id)), { auth: 'member' });

// POST /v1/my/minors_mode {op: on|off|limit, pin, pin_confirm?, daily_minutes?} — switch it on with a new 4-digit
// password, off with it, or change the member's own daily limit with it; answers the status after the change.
export const POST = withApi(
  async ({ member, body, req }) => {
    if (body.op === 'on') await turnOnMinorsMode(member.id, body.pin);
    else if (body.op === 'off') await turnOffMinorsMode(member.id, body.pin);
    else await setMinorsDailyMinutes(member.id, body.pin, body.daily_minutes);
    return statusReply(req, await minorsStatus(member.id));
  },
  { auth: 'member', body: minorsModeBody },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
