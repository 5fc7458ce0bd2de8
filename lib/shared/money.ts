/** Money is integer cents everywhere; shown divided by 100 (docs/wallet.md "Units"). */
export function formatCents(cents: number): string {
  const yuan = cents / 100;
  return Number.isInteger(yuan) ? String(yuan) : yuan.toFixed(2).replace(/0$/, '');
}

/** Word counts as readers see them: 12.3万字 above ten thousand. */
export function formatWordCount(words: number): string {
  if (words >= 10_000) return `${(words / 10_000).toFixed(1).replace(/\.0$/, '')}万字`;
  return `${words}字`;
}

/** Cents as yuan with exactly two decimals and a leading minus when negative ("-12.30"): report tables and CSV. */
export function formatYuan(cents: number): string {
  const abs = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
