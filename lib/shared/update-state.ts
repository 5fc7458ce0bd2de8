/**
 * The shelf's "updated" badge (isUpdated, updateCount: docs/reading.md "Shelf"): chapters that arrived since the reader last read
 * the novel. Never read → nothing counts as new (there is no "last read" to compare with).
 */
export function updateState(articleCount: number, seenArticleCount: number | null): { updateCount: number; isUpdated: boolean } {
  if (seenArticleCount === null) return { updateCount: 0, isUpdated: false };
  const updateCount = Math.max(0, articleCount - seenArticleCount);
  return { updateCount, isUpdated: updateCount > 0 };
}
