import { CONSOLE_TEXT } from '@/lib/shared/console-text';
import { moderateForm } from '@/lib/shared/schemas/console';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { approveReview, dismissReport, handleReport, rejectReview, restore, takeDown } from '@/lib/server/staff/moderation';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/moderate {op, id, reason?, back}: the moderation queue's buttons (docs/console.md
// "Moderation actions").
export const POST = withConsoleForm('moderation', moderateForm, async ({ form, actor }) => {
  const reason = form.reason ?? '';
  if (form.op === 'approve') await approveReview(actor, form.id);
  else if (form.op === 'reject') await rejectReview(actor, form.id, reason);
  else if (form.op === 'take_down') await takeDown(actor, form.id, reason);
  else if (form.op === 'restore') await restore(actor, form.id);
  else if (form.op === 'handle_report') await handleReport(actor, form.id, reason);
  else await dismissReport(actor, form.id, reason);
  return CONSOLE_TEXT.moderation.done[form.op];
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
