'use client';

import { useState, type FormEvent } from 'react';
import { smsLogin, touristLogin } from '@/lib/client/actions/accounts';
import { deviceId } from '@/lib/client/device';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';
import { checkPhoneAndCode } from '@/lib/shared/schemas/phone-code';
import { oauthStartPath, type AgreedVersions } from '@/lib/shared/agreements';
import { PhoneCodeFields } from '@/components/account/phone-code-fields';
import { AgreementCheckbox } from '@/components/account/agreement-checkbox';
import { returnPathOr } from '@/lib/shared/return-path';
import { cancellationWithdrawnPath } from '@/lib/shared/routes';

/**
 * Phone + code sign-in, guest sign-in and third-party sign-in; afterwards back to `next`. Each needs the agreements
 * box ticked (docs/agreements.md "Agreeing at sign-in"): the versions shown on this page go with the sign-in and the
 * server refuses any other.
 */
export function LoginForm({ next, oauthAvailable, versions }: { next: string; oauthAvailable: boolean; versions: AgreedVersions }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [agreed, setAgreed] = useState(false);

  // A full navigation, so the server renders `next` with the new session cookie. The page validated `next`
  // already; the same check here keeps the browser from following anything off-site (docs/api.md "Return paths").
  const done = () => window.location.replace(returnPathOr(next));

  const mustAgree = () => {
    if (agreed) return false;
    toast(MSG.consentRequired, { length: 'short' });
    return true;
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = checkPhoneAndCode({ phone, code });
    if (!parsed.ok) {
      toast(parsed.message, { length: 'short' });
      return;
    }
    if (mustAgree()) return;
    setBusy(true);
    try {
      const signedIn = await smsLogin({ ...parsed.value, agreements: versions });
      toast(MSG.loginOk, { length: 'short' });
      // Signing in withdrew a pending cancellation: the member is told so first (docs/account-cancellation.md "Withdrawing by signing in").
      if (signedIn?.cancellation_withdrawn) window.location.replace(cancellationWithdrawnPath(returnPathOr(next)));
      else done();
    } catch {
      setBusy(false);
    }
  }

  async function guest() {
    if (mustAgree()) return;
    setBusy(true);
    try {
      await touristLogin(deviceId(), versions);
      done();
    } catch {
      setBusy(false);
    }
  }

  function thirdParty() {
    if (mustAgree()) return;
    window.location.assign(oauthStartPath(next, versions));
  }

  return (
    <>
      <form className="form" onSubmit={submit} noValidate>
        <PhoneCodeFields id="login" phone={phone} code={code} onPhone={setPhone} onCode={setCode} />
        <AgreementCheckbox id="login-agree" checked={agreed} onChange={setAgreed} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          登录
        </button>
      </form>
      <div className="login-alt">
        <button type="button" className="button button-block" onClick={guest} disabled={busy}>
          游客登录
        </button>
        {oauthAvailable ? (
          <button type="button" className="button button-block" onClick={thirdParty} disabled={busy}>
            微信登录
          </button>
        ) : null}
      </div>
    </>
  );
}
