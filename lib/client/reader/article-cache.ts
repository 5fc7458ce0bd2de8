import type { ReadChapter } from '@/lib/shared/dto/reading';
import { memberId } from '../identity';

/** docs/reading.md "Reader": the browser keeps the last 10 articles, so back and next are instant. */
export const ARTICLE_CACHE_SIZE = 10;

// Entries belong to whoever was signed in when they were fetched: after signing out (or in as someone else)
// paid text fetched for the previous reader is never shown, because the owner no longer matches.
const cache = new Map<number, { owner: string; chapter: ReadChapter }>();
const owner = () => memberId() ?? '';

/** Most recently used last; the oldest entry leaves when an 11th arrives. */
export function rememberArticle(chapter: ReadChapter): void {
  cache.delete(chapter.id);
  cache.set(chapter.id, { owner: owner(), chapter });
  while (cache.size > ARTICLE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

export function cachedArticle(id: number): ReadChapter | undefined {
  const hit = cache.get(id);
  if (!hit) return undefined;
  if (hit.owner !== owner()) {
    cache.delete(id);
    return undefined;
  }
  rememberArticle(hit.chapter);
  return hit.chapter;
}

export function cachedArticleIds(): number[] {
  return [...cache.keys()];
}
