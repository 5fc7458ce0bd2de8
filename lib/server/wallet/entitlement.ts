import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { bookEntitlements, chapterUnlocks, chapters, novels } from '../db/schema';
import { getPeriodState } from './vip';

export type Access = 'free' | 'unlocked' | 'whole_book' | 'vip_free' | 'locked';

/**
 * The one entitlement check (issue 5): may this reader see this chapter's text and hear its audio?
 * Free chapters and free novels for everyone; otherwise an unlock, a whole-book purchase, or VIP on a VIP-free novel.
 */
export async function chapterAccess(memberId: number | null, chapterId: number, db: DbOrTx = getDb()): Promise<{ access: Access; price: number; novelId: number; saleMode: string; wholeBookPrice: number | null } | null> {
  const [row] = await db
    .select({ isFree: chapters.isFree, price: chapters.price, novelId: chapters.novelId, saleMode: novels.saleMode, vipFree: novels.vipFree, wholeBookPrice: novels.wholeBookPrice })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .where(eq(chapters.id, chapterId));
  if (!row) return null;
  const base = { price: row.price, novelId: row.novelId, saleMode: row.saleMode, wholeBookPrice: row.wholeBookPrice };
  if (row.isFree || row.saleMode === 'free') return { access: 'free', ...base };
  if (!memberId) return { access: 'locked', ...base };
  const [unlock] = await db.select({ id: chapterUnlocks.id }).from(chapterUnlocks).where(and(eq(chapterUnlocks.memberId, memberId), eq(chapterUnlocks.chapterId, chapterId)));
  if (unlock) return { access: 'unlocked', ...base };
  const [book] = await db.select({ id: bookEntitlements.id }).from(bookEntitlements).where(and(eq(bookEntitlements.memberId, memberId), eq(bookEntitlements.novelId, row.novelId)));
  if (book) return { access: 'whole_book', ...base };
  if (row.vipFree && (await getPeriodState(memberId, 'vip', db)).active) return { access: 'vip_free', ...base };
  return { access: 'locked', ...base };
}
