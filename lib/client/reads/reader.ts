import type { ReadChapter } from '@/lib/shared/dto/reading';
import { api } from '../api';
import { cachedArticle, rememberArticle } from '../reader/article-cache';

/**
 * The reader's chapter reads (docs/reading.md "Reader"), plain functions: the reader's first load carries no SWR
 * (docs/development.md "Server data in the browser: SWR hooks").
 */

/** GET /v1/read/{id}: a chapter as this reader may see it; `autoBuy` lets the server buy it on the way (auto-buy on). */
export const fetchChapter = (id: number, nid: number, { autoBuy = false, silent = false } = {}) =>
  api<ReadChapter>(`/v1/read/${id}`, { query: autoBuy ? { nid, auto_buy: 1 } : { nid }, silent });

/** A chapter to show: the kept one, or fetched (auto-buy allowed) and kept unless locked. */
export async function openChapter(id: number, nid: number): Promise<ReadChapter> {
  const hit = cachedArticle(id);
  if (hit) return hit;
  const chapter = await fetchChapter(id, nid, { autoBuy: true });
  // Locked views are not kept: after a purchase the same id must be fetched again.
  if (!chapter.locked) rememberArticle(chapter);
  return chapter;
}

/** Warms the next chapter so the tap on 下一章 shows it at once; silent, nothing happens on failure. */
export function prefetchChapter(id: number, nid: number): void {
  if (!id || cachedArticle(id)) return;
  void fetchChapter(id, nid, { silent: true }).then(
    (c) => {
      if (!c.locked) rememberArticle(c);
    },
    () => undefined,
  );
}
