import 'server-only';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { GiftDto } from '@/lib/shared/dto/rewards';
import { cachedRead } from '../core/cache';
import { getDb } from '../db/client';
import { gifts, tips } from '../db/schema';
import { businessDayOf } from '@/lib/shared/business-time';

/** The tag of the cached gift grids: the console's gift edits drop it (docs/selling.md "Caches"). */
export const GIFTS_TAG = 'gifts';

/** One language's gifts on sale, the same for everyone: cached until staff change a gift. */
const giftsOnSale = cachedRead(
  'gifts',
  (languageType: number) =>
    getDb()
      .select()
      .from(gifts)
      .where(and(eq(gifts.languageType, languageType), eq(gifts.active, true)))
      .orderBy(asc(gifts.sort), asc(gifts.id)),
  () => [GIFTS_TAG],
);

/**
 * GET /v1/tips/gifts?language_type: the gift grid of one language, in the editors' order. is_free_used says the
 * member already sent the free gift this business day (Asia/Shanghai); always false for guests and paid gifts.
 */
export async function listGifts(languageType: number, memberId: number | null, now = new Date()): Promise<GiftDto[]> {
  const db = getDb();
  const [rows, freeToday] = await Promise.all([
    giftsOnSale(languageType),
    memberId
      ? db
          .select({ id: tips.id })
          .from(tips)
          .where(and(eq(tips.memberId, memberId), isNotNull(tips.freeDay), eq(tips.freeDay, businessDayOf(now))))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const used = freeToday.length > 0;
  return rows.map((g) => ({ id: g.id, title: g.title, thumb: g.thumb, wealth: g.wealth, is_free_used: g.isFree && used }));
}
