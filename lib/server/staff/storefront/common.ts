import 'server-only';
import { eq } from 'drizzle-orm';
import { LANGUAGE_TYPES } from '@/lib/shared/constants';
import { STOREFRONT_TEXT } from '@/lib/shared/storefront-text';
import type { DbOrTx } from '../../db/client';
import { novels } from '../../db/schema';
import { invalidateNow } from '../../core/cache';
import { invalid } from '../../core/errors';

const E = STOREFRONT_TEXT.err;

/** Every storefront write needs the `storefront` permission (docs/storefront.md). */
export const PERMISSION = 'storefront' as const;

export function checkLanguage(languageType: number): number {
  if (!(LANGUAGE_TYPES as readonly number[]).includes(languageType)) throw invalid(E.langInvalid);
  return languageType;
}

export function checkReadType(readType: number): number {
  if (readType !== 1 && readType !== 2) throw invalid(E.readTypeInvalid);
  return readType;
}

export function checkName(raw: string, max = 64): string {
  const name = raw.trim();
  if (!name || name.length > max) throw invalid(E.nameInvalid);
  return name;
}

/**
 * A novel an editor picked by id, shown back by title: it must exist, be on the shelf, be of the list's language
 * and, for a listening surface, have a voice — otherwise readers would get a hole or a novel they cannot open.
 */
export async function pickNovel(
  tx: DbOrTx,
  id: number,
  want: { languageType: number; listenable?: boolean },
): Promise<{ id: number; title: string }> {
  const [row] = await tx
    .select({ id: novels.id, title: novels.title, off: novels.isOffShelf, lang: novels.languageType, tts: novels.hasTts })
    .from(novels)
    .where(eq(novels.id, id));
  if (!row) throw invalid(E.novelUnknown(id));
  if (row.off) throw invalid(E.novelOffShelf(row.title));
  if (row.lang !== want.languageType) throw invalid(E.novelLanguage(row.title));
  if (want.listenable && !row.tts) throw invalid(E.novelNotListenable(row.title));
  return { id: row.id, title: row.title };
}

/** The order after moving `key` one step up (-1) or down (+1); unchanged at either end. */
export function moved<K>(order: K[], key: K, dir: -1 | 1): K[] {
  const i = order.indexOf(key);
  const j = i + dir;
  if (i < 0 || j < 0 || j >= order.length) return order;
  const next = [...order];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/**
 * The cache tags each surface's public reads carry (lib/server/catalog/*.ts). A home layout embeds its lists,
 * carousels and rankings in its own cached entry, so a change to any of them drops the layouts too.
 */
export const TAGS = {
  list: (id: number) => ['lists', `list:${id}`, 'layouts'],
  bookList: (id: number) => ['lists', `book_list:${id}`],
  carousel: () => ['lists', 'layouts'],
  layout: (pageId: number) => ['layouts', `layout:${pageId}`],
  hotWords: () => ['hot_words'],
};

/**
 * Drop the cached reads after the transaction committed. Expired at once (not served stale one more time while
 * refreshed, as `invalidate` would), so the reader's very next request shows what the editor saved.
 */
export function refresh(tags: string[]): void {
  void invalidateNow(...tags);
}
