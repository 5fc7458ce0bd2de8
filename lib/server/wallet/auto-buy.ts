import 'server-only';
import { and, eq } from 'drizzle-orm';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { autoBuySettings, novels } from '../db/schema';
import { ApiError, notFound } from '../core/errors';
import { chapterAccess } from './entitlement';
import { buyChapter, type BuyResult } from './purchases';

export async function getAutoBuy(memberId: number, novelId: number): Promise<{ nid: number; enabled: boolean }> {
  const [row] = await getDb()
    .select({ enabled: autoBuySettings.enabled })
    .from(autoBuySettings)
    .where(and(eq(autoBuySettings.memberId, memberId), eq(autoBuySettings.novelId, novelId)));
  return { nid: novelId, enabled: row?.enabled ?? false };
}

/** The reader's per-novel "buy the next paid chapter without asking" switch. */
export async function setAutoBuy(memberId: number, novelId: number, enabled: boolean): Promise<{ nid: number; enabled: boolean }> {
  const [novel] = await getDb().select({ id: novels.id }).from(novels).where(eq(novels.id, novelId));
  if (!novel) throw notFound(SERVER_MSG.novelNotFound);
  await getDb()
    .insert(autoBuySettings)
    .values({ memberId, novelId, enabled })
    .onConflictDoUpdate({ target: [autoBuySettings.memberId, autoBuySettings.novelId], set: { enabled, updatedAt: new Date() } });
  return { nid: novelId, enabled };
}

/**
 * Opening a locked chapter with auto-buy on buys it (the reader of issue 6 calls this before rendering). Returns
 * null when auto-buy is off, the chapter is not locked, or the purchase cannot happen (short balance, whole-book
 * only): the reader then shows the paywall as usual. The key makes a reload of the same chapter charge once.
 */
export async function autoBuyIfEnabled(memberId: number, chapterId: number): Promise<BuyResult | null> {
  const access = await chapterAccess(memberId, chapterId);
  if (!access || access.access !== 'locked' || access.saleMode !== 'chapter') return null;
  if (!(await getAutoBuy(memberId, access.novelId)).enabled) return null;
  try {
    return await buyChapter(memberId, access.novelId, chapterId, 'auto');
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}
