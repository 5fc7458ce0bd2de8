'use client';

import { useState, type FormEvent } from 'react';
import { smsLogin, touristLogin } from '@/lib/client/actions/accounts';
import { deviceId } from '@/lib/client/device';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';
import { checkPhoneAndCode } from '@/lib/shared/schemas/phone-code';
import { PhoneCodeFields } from '@/components/account/phone-code-fields';
import { returnPathOr } from '@/lib/shared/return-path';
import { cancellationWithdrawnPath } from '@/lib/shared/routes';

/** Phone + code sign-in, guest sign-in and third-party sign-in; afterwards back to `next`. */
export function LoginForm({ next, oauthAvailable }: { next: string; oauthAvailable: boolean }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  // A full navigation, so the server renders `next` with the new session cookie. The page validated `next`
  // already; the same check here keeps the browser from following anything off-site (docs/api.md "Return paths").
  const done = () => window.location.replace(returnPathOr(next));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = checkPhoneAndCode({ phone, code });
    if (!parsed.ok) {
      toast(parsed.message, { length: 'short' });
      return;
    }
    setBusy(true);
    try {
      const signedIn = await smsLogin(parsed.value);
      toast(MSG.loginOk, { length: 'short' });
      // Signing in withdrew a pending cancellation: the member is told so first (docs/account-cancellation.md "Withdrawing by signing in").
      if (signedIn?.cancellation_withdrawn) window.location.replace(cancellationWithdrawnPath(returnPathOr(next)));
      else done();
    } catch {
      setBusy(false);
    }
  }

  async function guest() {
    setBusy(true);
    try {
      await touristLogin(deviceId());
      done();
    } catch {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="form" onSubmit={submit} noValidate>
        <PhoneCodeFields id="login" phone={phone} code={code} onPhone={setPhone} onCode={setCode} />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          登录
        </button>
      </form>
      <div className="login-alt">
        <button type="button" className="button button-block" onClick={guest} disabled={busy}>
          游客登录
        </button>
        {oauthAvailable ? (
          <a className="button button-block" href={`/m/oauth?next=${encodeURIComponent(next)}`}>
            微信登录
          </a>
        ) : null}
      </div>
    </>
  );
}
