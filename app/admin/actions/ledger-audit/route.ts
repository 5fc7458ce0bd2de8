import { MONEY_TEXT } from '@/lib/shared/money-console-text';
import { ledgerAuditForm } from '@/lib/shared/schemas/console-money';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { staffLedgerAudit } from '@/lib/server/wallet/audit-runs';

// POST /admin/actions/ledger-audit {back}: runs the whole-ledger audit now and stores its result (docs/wallet.md "Ledger audit").
export const POST = withConsoleForm('orders', ledgerAuditForm, async ({ actor }) => {
  const run = await staffLedgerAudit(actor);
  return MONEY_TEXT.done.auditRun(run.violations);
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
