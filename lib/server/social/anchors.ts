import 'server-only';
import { eq } from 'drizzle-orm';
import { chapterParagraphHashes } from '@/lib/shared/paragraph-hash';
import { getDb } from '../db/client';
import { chapters } from '../db/schema';
import { cachedRead } from '../core/cache';

/**
 * Paragraph anchoring (docs/community.md "Anchoring"). A paragraph comment stores the hash of its paragraph's
 * normalised text and the index the paragraph had; the chapter's current hashes say where it sits now.
 */

/**
 * The current paragraph hashes of a chapter, in reading order (lib/shared/paragraph-hash.ts, the reader's own
 * split). Only hashes leave this function, never text, so caching them beside the public chapter data is safe;
 * the `chapter:{id}` tag drops them when the chapter is edited.
 */
export const currentParagraphHashes = cachedRead(
  'chapter_paragraph_hashes',
  async (chapterId: number): Promise<string[]> => {
    const [row] = await getDb().select({ content: chapters.content }).from(chapters).where(eq(chapters.id, chapterId));
    return row ? chapterParagraphHashes(row.content) : [];
  },
  (chapterId) => [`chapter:${chapterId}`],
);

/** Where each hash occurs in the chapter now. */
export function hashPositions(hashes: readonly string[]): Map<string, number[]> {
  const at = new Map<string, number[]>();
  hashes.forEach((h, i) => {
    const list = at.get(h);
    if (list) list.push(i);
    else at.set(h, [i]);
  });
  return at;
}

/**
 * The paragraph a comment anchored to (hash, index hint) sits on now: the occurrence of its hash nearest the index
 * it was written at (the earlier one on a tie), or -1 when the hash is gone (an orphan).
 */
export function resolveAnchor(positions: Map<string, number[]>, hash: string | null, hint: number | null): number {
  const list = hash ? positions.get(hash) : undefined;
  if (!list?.length) return -1;
  if (hint === null || hint < 0) return list[0]!;
  let best = list[0]!;
  for (const i of list) if (Math.abs(i - hint) < Math.abs(best - hint)) best = i;
  return best;
}
