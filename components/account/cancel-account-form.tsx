'use client';

import { useState, type FormEvent } from 'react';
import { requestCancellation, sendCancellationCode } from '@/lib/client/actions/cancellation';
import { toast } from '@/lib/client/stores/toast-store';
import { navigate } from '@/lib/client/navigate';
import { CANCEL_TEXT } from '@/lib/shared/cancellation-text';
import { useSmsCode } from './use-sms-code';

const T = CANCEL_TEXT.cancel;

/**
 * The confirming step of 注销账号 (docs/account-cancellation.md "The pages"): the code goes to the member's own phone
 * (shown masked), the box says they read what is lost; on success the server has signed every session out, so the
 * browser leaves for home.
 */
export function CancelAccountForm({ maskedPhone }: { maskedPhone: string }) {
  const sms = useSmsCode(sendCancellationCode);
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!agreed) return toast(T.mustAgree, { length: 'short' });
    if (!/^\d{6}$/.test(code)) return toast(T.codeRequired, { length: 'short' });
    setBusy(true);
    try {
      await requestCancellation(code);
      toast(T.submitted);
      navigate.assign('/m');
    } catch {
      setBusy(false);
    }
  }

  return (
    <form className="form card" onSubmit={submit} noValidate aria-label={T.title}>
      <p className="muted small">{T.codeTo(maskedPhone)}</p>
      <div className="field">
        <label htmlFor="cancel-code">{T.code}</label>
        <div className="field-row">
          <input
            id="cancel-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入验证码"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <button type="button" className="button" disabled={sms.wait > 0 || sms.sending} onClick={() => sms.send()}>
            {sms.wait > 0 ? T.resend(sms.wait) : T.sendCode}
          </button>
        </div>
      </div>
      <label className="check-row">
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
        <span>{T.agree}</span>
      </label>
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? T.submitting : T.submit}
      </button>
    </form>
  );
}
