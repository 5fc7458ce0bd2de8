import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { staffTotpResetForm } from '@/lib/shared/schemas/console-ops';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { resetStaffTotp } from '@/lib/server/staff/totp';

// POST /admin/actions/staff-totp {id}: an admin clears a staff member's second factor (docs/console.md "Second factor").
export const POST = withConsoleForm('staff', staffTotpResetForm, async ({ form, actor }) => {
  await resetStaffTotp(actor, form.id);
  return OPS_TEXT.totp.resetDone;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
