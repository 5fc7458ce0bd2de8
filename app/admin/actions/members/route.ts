import { MEMBER_TEXT } from '@/lib/shared/member-text';
import { membersForm, shanghaiMidnight } from '@/lib/shared/schemas/console-members';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { invalid } from '@/lib/server/core/errors';
import { blockMember, liftBlock } from '@/lib/server/members/blocks';
import { setFollowByStaff } from '@/lib/server/accounts/follows';
import { setFollowGate } from '@/lib/server/members/follow-gate-config';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { staffTurnOffMinorsMode } from '@/lib/server/minors/console';
import { MINORS_TEXT } from '@/lib/shared/minors-text';

const D = MEMBER_TEXT.console.done;

// POST /admin/actions/members {op: block|lift|minors_off|follow|gate, …, back}: the members page (docs/members.md "Console").
export const POST = withConsoleForm('members', membersForm, async ({ form, actor }) => {
  if (form.op === 'block') {
    if (!form.permanent && !form.ends_on) throw invalid(MEMBER_TEXT.console.errors.endRequired);
    await blockMember(actor, form.id, { reason: form.reason, endsAt: form.permanent ? null : shanghaiMidnight(form.ends_on!) });
    return D.block;
  }
  if (form.op === 'lift') {
    await liftBlock(actor, form.id, form.note);
    return D.lift;
  }
  if (form.op === 'minors_off') {
    await staffTurnOffMinorsMode(actor, form.id);
    return MINORS_TEXT.console.turnedOff;
  }
  if (form.op === 'follow') {
    await setFollowByStaff(actor, form.id, form.followed === '1');
    return D.follow;
  }
  await setFollowGate(actor, form.after === '' ? null : Number(form.after));
  return D.gate;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
