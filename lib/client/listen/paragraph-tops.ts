import type { ParagraphTops } from '@/lib/shared/dto/community';
import { paragraphHash } from '@/lib/shared/paragraph-hash';
import { api } from '../api';
import { ownWriteAt } from '../own-write';

export type SpokenComments = ParagraphTops['paragraphs'][string];

/**
 * Places the chapter's per-hash counts and top comments on paragraph indexes, like the reader's badges: a text
 * repeated in the chapter carries them on its first occurrence only.
 */
export function topsByIndex(paragraphs: readonly string[], tops: ParagraphTops['paragraphs']): Map<number, SpokenComments> {
  const out = new Map<number, SpokenComments>();
  if (!Object.keys(tops).length) return out;
  const seen = new Set<string>();
  paragraphs.forEach((text, i) => {
    const h = paragraphHash(text);
    const entry = tops[h];
    if (entry && entry.count > 0 && !seen.has(h)) out.set(i, entry);
    seen.add(h);
  });
  return out;
}

/**
 * GET /v1/novels/comments/paragraph_tops once per chapter (docs/listening.md "Comments while listening"); the
 * spoken paragraph is then looked up locally at every tick. Silent: no comments shown when it fails.
 */
export async function loadSpokenComments(novelId: number, chapterId: number, paragraphs: readonly string[]) {
  // The browser keeps this a minute; right after the listener's own comment it reads past that copy.
  const fresh = ownWriteAt() > 0;
  const tops = await api<ParagraphTops>('/v1/novels/comments/paragraph_tops', {
    query: { novel_id: novelId, chapter_id: chapterId },
    silent: true,
    fresh,
  }).catch(() => null);
  return topsByIndex(paragraphs, tops?.paragraphs ?? {});
}
