import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { bookEntitlements, chapterUnlocks, chapters, novels } from '../db/schema';
import { getPeriodState } from './vip';

export type Access = 'free' | 'unlocked' | 'whole_book' | 'vip_free' | 'locked';

/**
 * Free to everyone, no member needed: a free chapter, a novel never charged, or a novel inside its limited-time
 * free window. The reader uses this on its fast path; chapterAccess applies the same rule.
 */
export function isFreeToAll(chapter: { isFree: boolean }, novel: { saleMode: string; freeUntil: Date | string | null }, now = new Date()): boolean {
  return chapter.isFree || novel.saleMode === 'free' || (novel.freeUntil !== null && new Date(novel.freeUntil) > now);
}

/**
 * The one entitlement check (issue 5): may this reader see this chapter's text and hear its audio?
 * Free chapters and free (or limited-time free) novels for everyone; otherwise an unlock, a whole-book purchase,
 * or VIP on a VIP-free novel. The reader, the read API and the audio routes all ask here.
 */
export async function chapterAccess(memberId: number | null, chapterId: number, db: DbOrTx = getDb(), now = new Date()): Promise<{ access: Access; price: number; novelId: number; saleMode: string; wholeBookPrice: number | null } | null> {
  const [row] = await db
    .select({ isFree: chapters.isFree, price: chapters.price, novelId: chapters.novelId, saleMode: novels.saleMode, vipFree: novels.vipFree, wholeBookPrice: novels.wholeBookPrice, freeUntil: novels.freeUntil })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .where(eq(chapters.id, chapterId));
  if (!row) return null;
  const base = { price: row.price, novelId: row.novelId, saleMode: row.saleMode, wholeBookPrice: row.wholeBookPrice };
  if (isFreeToAll(row, row, now)) return { access: 'free', ...base };
  if (!memberId) return { access: 'locked', ...base };
  const [unlock] = await db.select({ id: chapterUnlocks.id }).from(chapterUnlocks).where(and(eq(chapterUnlocks.memberId, memberId), eq(chapterUnlocks.chapterId, chapterId)));
  if (unlock) return { access: 'unlocked', ...base };
  const [book] = await db.select({ id: bookEntitlements.id }).from(bookEntitlements).where(and(eq(bookEntitlements.memberId, memberId), eq(bookEntitlements.novelId, row.novelId)));
  if (book) return { access: 'whole_book', ...base };
  if (row.vipFree && (await getPeriodState(memberId, 'vip', db, now)).active) return { access: 'vip_free', ...base };
  return { access: 'locked', ...base };
}
