import { CONSOLE_TEXT } from '@/lib/shared/console-text';
import { staffForm } from '@/lib/shared/schemas/console';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { changeStaffRole, createStaff, resetStaffPassword, setStaffDisabled } from '@/lib/server/staff/accounts';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/staff {op: create|role|disable|enable|password, …}: staff management, admins only
// (docs/console.md "Staff accounts").
export const POST = withConsoleForm('staff', staffForm, async ({ form, actor }) => {
  const t = CONSOLE_TEXT.staff;
  switch (form.op) {
    case 'create':
      await createStaff(actor, { username: form.username, displayName: form.display_name, password: form.password, role: form.role });
      return t.created;
    case 'role':
      await changeStaffRole(actor, form.id, form.role);
      return t.roleChanged;
    case 'disable':
    case 'enable':
      await setStaffDisabled(actor, form.id, form.op === 'disable');
      return form.op === 'disable' ? t.disabledDone : t.enabledDone;
    case 'password':
      await resetStaffPassword(actor, form.id, form.password);
      return t.passwordDone;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
