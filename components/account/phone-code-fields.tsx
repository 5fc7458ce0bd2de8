'use client';

import { useSmsCode } from './use-sms-code';

/** Phone number and SMS code inputs with the "get code" button and its resend countdown (login and binding). */
export function PhoneCodeFields({
  id,
  phone,
  code,
  onPhone,
  onCode,
}: {
  id: string;
  phone: string;
  code: string;
  onPhone: (v: string) => void;
  onCode: (v: string) => void;
}) {
  const sms = useSmsCode();
  return (
    <>
      <label className="field">
        <span>手机号</span>
        <input
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          placeholder="请输入手机号"
          value={phone}
          onChange={(e) => onPhone(e.target.value.replace(/\D/g, ''))}
        />
      </label>
      <div className="field">
        <label htmlFor={`${id}-code`}>验证码</label>
        <div className="field-row">
          <input
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入验证码"
            value={code}
            onChange={(e) => onCode(e.target.value.replace(/\D/g, ''))}
          />
          <button type="button" className="button" disabled={sms.wait > 0 || sms.sending} onClick={() => sms.send(phone)}>
            {sms.wait > 0 ? `${sms.wait}秒后重发` : '获取验证码'}
          </button>
        </div>
      </div>
    </>
  );
}
