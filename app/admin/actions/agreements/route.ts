import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { agreementForm } from '@/lib/shared/schemas/console-ops';
import { parseBusinessTime } from '@/lib/shared/business-time';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { publishAgreement } from '@/lib/server/accounts/agreements';
import { invalid } from '@/lib/server/core/errors';
import { withConsoleForm } from '@/lib/server/staff/console-form';

const T = OPS_TEXT.agreements;

// A whole legal text in a urlencoded form: up to 50,000 characters, 9 bytes each when percent-encoded.
const MAX_FORM_BYTES = 600_000;

// POST /admin/actions/agreements {kind, title, body, effective_at}: publishes a new version, admins only
// (docs/agreements.md "Console").
export const POST = withConsoleForm(
  'config',
  agreementForm,
  async ({ form, actor }) => {
    const raw = form.effective_at?.trim();
    const effectiveAt = raw ? parseBusinessTime(raw) : null;
    if (raw && !effectiveAt) throw invalid(T.effectiveInvalid);
    const { kind, version } = await publishAgreement(actor, { kind: form.kind, title: form.title, body: form.body, effectiveAt });
    return T.published(T.kinds[kind]!, version);
  },
  { maxBytes: MAX_FORM_BYTES },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
