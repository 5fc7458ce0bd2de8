import { RECONCILIATION_TEXT } from '@/lib/shared/reconciliation-text';
import { reconciliationResolveForm } from '@/lib/shared/schemas/console-reconciliation';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { resolveDifference } from '@/lib/server/wallet/reconciliation/staff';

// POST /admin/actions/reconciliation {id, note, back}: marks a reconciliation difference resolved (docs/reconciliation.md).
export const POST = withConsoleForm('refunds', reconciliationResolveForm, async ({ form, actor }) => {
  await resolveDifference(actor, form.id, form.note);
  return RECONCILIATION_TEXT.resolved;
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
