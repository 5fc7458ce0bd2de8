/** Chapter-list update rule (docs/reading.md "Reader"): next=1 appends, next=0 prepends, anything else replaces. */
export function mergeChapterList<T extends { id: number }>(current: T[], incoming: T[], next: number | undefined): T[] {
  const seen = new Set<number>();
  const unique = (list: T[]) => list.filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
  if (next === 1) return unique([...current, ...incoming]);
  if (next === 0) return unique([...incoming, ...current]);
  return unique(incoming);
}
