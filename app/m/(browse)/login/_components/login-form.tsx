'use client';

import { useState, type FormEvent } from 'react';
import { api } from '@/lib/client/api';
import { deviceId } from '@/lib/client/device';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';
import { smsLoginBody } from '@/lib/shared/schemas/accounts';
import { useSmsCode } from '@/components/account/use-sms-code';

/** Phone + code sign-in, guest sign-in and third-party sign-in; afterwards back to `next`. */
export function LoginForm({ next, oauthAvailable }: { next: string; oauthAvailable: boolean }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const sms = useSmsCode();

  // A full navigation, so the server renders `next` with the new session cookie.
  const done = () => window.location.replace(next);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = smsLoginBody.safeParse({ phone, code });
    if (!parsed.success) {
      toast(parsed.error.issues[0]?.message ?? MSG.invalidParams, { length: 'short' });
      return;
    }
    setBusy(true);
    try {
      await api('/v1/sms/login', { method: 'POST', body: parsed.data });
      toast(MSG.loginOk, { length: 'short' });
      done();
    } catch {
      setBusy(false);
    }
  }

  async function guest() {
    setBusy(true);
    try {
      await api('/v1/tourist/login', { method: 'POST', body: { device_id: deviceId() } });
      done();
    } catch {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="form" onSubmit={submit} noValidate>
        <label className="field">
          <span>手机号</span>
          <input name="phone" type="tel" inputMode="numeric" autoComplete="tel-national" maxLength={11} placeholder="请输入手机号" value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} />
        </label>
        <div className="field">
          <label htmlFor="login-code">验证码</label>
          <div className="field-row">
            <input id="login-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="请输入验证码" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            <button type="button" className="button" disabled={sms.wait > 0 || sms.sending} onClick={() => sms.send(phone)}>
              {sms.wait > 0 ? `${sms.wait}秒后重发` : '获取验证码'}
            </button>
          </div>
        </div>
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
