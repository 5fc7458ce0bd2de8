import type { ReadChapter } from '@/lib/shared/dto/reading';

/** Spec §9: the browser keeps the last 10 articles, so back and next are instant. */
export const ARTICLE_CACHE_SIZE = 10;

const cache = new Map<number, ReadChapter>();

/** Most recently used last; the oldest entry leaves when an 11th arrives. */
export function rememberArticle(chapter: ReadChapter): void {
  cache.delete(chapter.id);
  cache.set(chapter.id, chapter);
  while (cache.size > ARTICLE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

export function cachedArticle(id: number): ReadChapter | undefined {
  const hit = cache.get(id);
  if (hit) rememberArticle(hit);
  return hit;
}

export function cachedArticleIds(): number[] {
  return [...cache.keys()];
}

/** Signing out (or a purchase changing what is owned) empties it: paid text must not outlive the right to it. */
export function forgetArticles(): void {
  cache.clear();
}
