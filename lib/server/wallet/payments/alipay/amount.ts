import 'server-only';
/**
 * Alipay speaks yuan with two decimals ("12.30"); we keep cents. Exact string arithmetic, never floats, so no amount
 * is ever off by a cent (docs/payments-alipay.md "Amounts").
 */
export function centsToYuan(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError('amount must be whole cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Cents from a yuan amount ("12.3", "12.30", "-0.01", "12"); null when it is not one. */
export function yuanToCents(yuan: string | undefined | null): number | null {
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec((yuan ?? '').trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}
