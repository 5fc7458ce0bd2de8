import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { accountForm } from '@/lib/shared/schemas/console-ops';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { beginTotp, cancelTotp, confirmTotp, disableTotp } from '@/lib/server/staff/totp';

// POST /admin/actions/account {op: totp_begin|totp_cancel|totp_confirm|totp_disable, code?}: the signed-in staff
// member's own second factor (docs/console.md "Second factor"); every role.
export const POST = withConsoleForm('dashboard', accountForm, async ({ form, actor }) => {
  const t = OPS_TEXT.totp;
  switch (form.op) {
    case 'totp_begin':
      await beginTotp(actor);
      return t.started;
    case 'totp_cancel':
      await cancelTotp(actor);
      return t.cancelled;
    case 'totp_confirm':
      await confirmTotp(actor, form.code);
      return t.enabled;
    case 'totp_disable':
      await disableTotp(actor, form.code);
      return t.disabled;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
