import { MEMBER_TEXT } from '@/lib/shared/member-text';
import { appealForm } from '@/lib/shared/schemas/console-members';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { answerAppeal } from '@/lib/server/members/appeals';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/appeals {op: lift|reject, id (the block), reply, back}: the moderation queue's 申诉 tab
// (docs/members.md "Appeals").
export const POST = withConsoleForm('moderation', appealForm, async ({ form, actor }) => {
  await answerAppeal(actor, form.id, form.op, form.reply);
  return form.op === 'lift' ? MEMBER_TEXT.console.done.appealLift : MEMBER_TEXT.console.done.appealReject;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
