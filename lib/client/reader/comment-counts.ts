import type { ParagraphCounts } from '@/lib/shared/dto/community';
import { paragraphHash } from '@/lib/shared/paragraph-hash';
import { api } from '../api';

/** What the reader shows of a chapter's comments: 本章说's count, the paragraph badges, the orphans' count. */
export interface ChapterCommentCounts {
  chapter: number;
  orphans: number;
  /** Paragraph index → its paragraph comments; only paragraphs that have some. */
  byIndex: Record<number, number>;
}

/**
 * The counts behind 本章说 (n) and the paragraph badges (docs/reading.md "Chapter and paragraph comments"). The reader
 * imports this module after the chapter has painted, so neither the calls nor the hashing delay the text. Silent: a
 * count that fails to load simply shows no number.
 */
export async function loadCommentCounts(novelId: number, chapterId: number, paragraphs: string[]): Promise<ChapterCommentCounts> {
  const query = { novel_id: novelId, chapter_id: chapterId };
  const [chapter, para] = await Promise.all([
    api<{ count: number }>('/v1/novels/comments/count', { query: { ...query, type: 2 }, silent: true }).catch(() => null),
    api<ParagraphCounts>('/v1/novels/comments/count', { query: { ...query, type: 3 }, silent: true }).catch(() => null),
  ]);
  return { chapter: chapter?.count ?? 0, orphans: para?.orphans ?? 0, byIndex: badgesByIndex(paragraphs, para?.paragraphs ?? {}) };
}

/**
 * Places counts keyed by paragraph hash on paragraph indexes. A text that repeats in a chapter (a lone "……") gets
 * its badge once, on its first occurrence, so a thread is never counted twice.
 */
export function badgesByIndex(paragraphs: string[], counts: Record<string, number>): Record<number, number> {
  const out: Record<number, number> = {};
  if (Object.keys(counts).length === 0) return out;
  const seen = new Set<string>();
  paragraphs.forEach((text, i) => {
    const h = paragraphHash(text);
    const n = counts[h];
    if (n && n > 0 && !seen.has(h)) out[i] = n;
    seen.add(h);
  });
  return out;
}
