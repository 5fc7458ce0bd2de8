'use client';

import { useState, type FormEvent } from 'react';
import { api } from '@/lib/client/api';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';
import { bindingBody } from '@/lib/shared/schemas/accounts';
import { useSmsCode } from '@/components/account/use-sms-code';

/** Guests and third-party accounts bind a phone; an existing phone account absorbs this one. */
export function BindPhone() {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const sms = useSmsCode();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = bindingBody.safeParse({ phone, code });
    if (!parsed.success) return toast(parsed.error.issues[0]?.message ?? MSG.invalidParams, { length: 'short' });
    const result = await api<{ merged: boolean }>('/v1/binding', { method: 'POST', body: parsed.data }).catch(() => null);
    if (!result) return;
    toast(result.merged ? '已绑定，书架与余额已合并到该手机号账号' : '绑定成功');
    window.location.reload();
  }
  return (
    <form className="form card" onSubmit={submit} noValidate>
      <h2 className="card-title">绑定手机号</h2>
      <p className="muted small">绑定后可在任意设备登录；该手机号已有账号时，书架、记录和余额会合并过去。</p>
      <label className="field">
        <span>手机号</span>
        <input type="tel" inputMode="numeric" maxLength={11} value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} placeholder="请输入手机号" />
      </label>
      <div className="field">
        <label htmlFor="bind-code">验证码</label>
        <div className="field-row">
          <input id="bind-code" inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} placeholder="请输入验证码" />
          <button type="button" className="button" disabled={sms.wait > 0 || sms.sending} onClick={() => sms.send(phone)}>
            {sms.wait > 0 ? `${sms.wait}秒后重发` : '获取验证码'}
          </button>
        </div>
      </div>
      <button type="submit" className="button button-primary button-block">绑定</button>
    </form>
  );
}
