import { MSG } from '../messages';

// The phone and SMS code rules, without zod: the sign-in page is the first page a reader in the messaging app
// sees, and zod would add about 67 KB gzipped to it (docs/operations.md "First-load JavaScript"). The server's
// schemas in accounts.ts are built on the same patterns, so both sides accept the same input.

/** Mainland mobile numbers only: 11 digits starting 13–19. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** The trimmed phone number, or the message the server's phoneSchema would give. */
export function checkPhone(raw: string): Checked<string> {
  const phone = raw.trim();
  if (!phone) return { ok: false, message: MSG.enterPhone };
  if (!PHONE_PATTERN.test(phone)) return { ok: false, message: MSG.invalidPhone };
  return { ok: true, value: phone };
}

/** Phone and code of a sign-in or a binding, trimmed; the first problem's message otherwise (phone first). */
export function checkPhoneAndCode(input: { phone: string; code: string }): Checked<{ phone: string; code: string }> {
  const phone = checkPhone(input.phone);
  if (!phone.ok) return phone;
  const code = input.code.trim();
  if (!code) return { ok: false, message: MSG.enterCode };
  if (!SMS_CODE_PATTERN.test(code)) return { ok: false, message: MSG.invalidCode };
  return { ok: true, value: { phone: phone.value, code } };
}
