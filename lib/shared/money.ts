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
