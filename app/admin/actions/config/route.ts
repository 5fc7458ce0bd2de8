import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { configForm } from '@/lib/shared/schemas/console-ops';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { updateConfigFlag } from '@/lib/server/config/flag-editor';
import { withConsoleForm } from '@/lib/server/staff/console-form';

// POST /admin/actions/config {key, value}: one config flag, admins only (docs/config-flags.md).
export const POST = withConsoleForm('config', configForm, async ({ form, actor }) => {
  await updateConfigFlag(actor, form.key, form.value);
  return OPS_TEXT.config.saved;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
