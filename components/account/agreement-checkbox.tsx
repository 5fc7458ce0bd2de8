'use client';

import type { FormEvent } from 'react';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { AGREEMENT_NAMES, agreementPath } from '@/lib/shared/agreements';

type Props =
  | { id: string; checked: boolean; onChange: (checked: boolean) => void; required?: never; onInvalid?: never }
  // Uncontrolled, for a form that must work before hydration: the browser itself refuses to submit it unticked.
  | { id: string; required: true; onInvalid: (e: FormEvent<HTMLInputElement>) => void; checked?: never; onChange?: never };

/**
 * 我已阅读并同意《用户协议》和《隐私政策》: never ticked for the reader (docs/agreements.md "Agreeing at sign-in"). The
 * whole line is the label, so the touch target is the row, not the 16 px box; the two names open the documents.
 */
export function AgreementCheckbox({ id, checked, onChange, required, onInvalid }: Props) {
  return (
    <div className="agreement-check">
      {required ? (
        <input id={id} type="checkbox" required onInvalid={onInvalid} />
      ) : (
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange?.(e.target.checked)} />
      )}
      <label htmlFor={id}>
        我已阅读并同意
        <Link href={agreementPath('user')} prefetch={false}>
          《{AGREEMENT_NAMES.user}》
        </Link>
        和
        <Link href={agreementPath('privacy')} prefetch={false}>
          《{AGREEMENT_NAMES.privacy}》
        </Link>
      </label>
    </div>
  );
}
