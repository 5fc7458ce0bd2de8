import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { sessionRevokeForm } from '@/lib/shared/schemas/console-money';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { revokeMemberSession } from '@/lib/server/members/member-detail';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/member-sessions {member, session, back}: signs one session out (docs/members.md "Member page").
export const POST = withConsoleForm('members', sessionRevokeForm, async ({ form, actor }) => {
  await revokeMemberSession(actor, form.member, form.session);
  return MONEY_TEXT.done.sessionRevoke;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
