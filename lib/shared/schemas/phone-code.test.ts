import fc from 'fast-check';
import { MSG } from '../messages';
import { phoneSchema, smsLoginBody } from './accounts';
import { checkPhone, checkPhoneAndCode } from './phone-code';

// The sign-in page checks with phone-code.ts, the server with the zod schemas: a reader must never pass one and
// fail the other.
const zodAnswer = (r: ReturnType<typeof smsLoginBody.safeParse>) =>
  r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message };

describe('zod-free phone and code checks', () => {
  it('give the readers the same messages as the server', () => {
    expect(checkPhone('')).toEqual({ ok: false, message: MSG.enterPhone });
    expect(checkPhone('  ')).toEqual({ ok: false, message: MSG.enterPhone });
    expect(checkPhone('12345678901')).toEqual({ ok: false, message: MSG.invalidPhone });
    expect(checkPhone(' 13800138000 ')).toEqual({ ok: true, value: '13800138000' });
    expect(checkPhoneAndCode({ phone: '13800138000', code: '' })).toEqual({ ok: false, message: MSG.enterCode });
    expect(checkPhoneAndCode({ phone: '13800138000', code: '12345' })).toEqual({ ok: false, message: MSG.invalidCode });
    expect(checkPhoneAndCode({ phone: '1380013800', code: '12345' })).toEqual({ ok: false, message: MSG.invalidPhone });
    expect(checkPhoneAndCode({ phone: '13800138000', code: ' 123456' })).toEqual({
      ok: true,
      value: { phone: '13800138000', code: '123456' },
    });
  });

  it('agree with the server schemas on any input', () => {
    const phoneish = fc.oneof(fc.string(), fc.stringMatching(/^\s?1[0-9]{9,11}\s?$/));
    const codeish = fc.oneof(fc.string(), fc.stringMatching(/^\s?[0-9]{5,7}\s?$/));
    fc.assert(
      fc.property(phoneish, codeish, (phone, code) => {
        expect(checkPhoneAndCode({ phone, code })).toEqual(zodAnswer(smsLoginBody.safeParse({ phone, code })));
        const single = phoneSchema.safeParse(phone);
        expect(checkPhone(phone)).toEqual(
          single.success ? { ok: true, value: single.data } : { ok: false, message: single.error.issues[0]?.message },
        );
      }),
      { numRuns: 500 },
    );
  });
});
