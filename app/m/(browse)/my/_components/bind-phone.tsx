'use client';

import { useState, type FormEvent } from 'react';
import { bindPhone } from '@/lib/client/actions/accounts';
import { toast } from '@/lib/client/stores/toast-store';
import { checkPhoneAndCode } from '@/lib/shared/schemas/phone-code';
import { PhoneCodeFields } from '@/components/account/phone-code-fields';

/** Guests and third-party accounts bind a phone; an existing phone account absorbs this one. */
export function BindPhone() {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = checkPhoneAndCode({ phone, code });
    if (!parsed.ok) return toast(parsed.message, { length: 'short' });
    const result = await bindPhone(parsed.value).catch(() => null);
    if (!result) return;
    toast(result.merged ? '已绑定，书架与余额已合并到该手机号账号' : '绑定成功');
    window.location.reload();
  }
  return (
    <form className="form card" onSubmit={submit} noValidate>
      <h2 className="card-title">绑定手机号</h2>
      <p className="muted small">绑定后可在任意设备登录；该手机号已有账号时，书架、记录和余额会合并过去。</p>
      <PhoneCodeFields id="bind" phone={phone} code={code} onPhone={setPhone} onCode={setCode} />
      <button type="submit" className="button button-primary button-block">
        绑定
      </button>
    </form>
  );
}
