import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ADS_MSG } from '@/lib/shared/ads-text';
import type { AdClickDto } from '@/lib/shared/dto/ads';
import { getDb } from '../db/client';
import { adDailyStats, adImpressions, ads } from '../db/schema';
import { notFound } from '../http/errors';

/**
 * A click on a served ad (docs/ads.md "Impressions and clicks"): counted once per impression token — the first click
 * sets clicked_at and adds one to that impression's day; a replay or a second tap answers the same destination and
 * counts nothing. A token we never issued is 40400. The destination is the ad's link as staff saved it, nothing from
 * the request.
 */
export async function clickAd(token: string, now = new Date()): Promise<AdClickDto> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ adId: adImpressions.adId, day: adImpressions.day, link: ads.link })
      .from(adImpressions)
      .innerJoin(ads, eq(ads.id, adImpressions.adId))
      .where(eq(adImpressions.token, token));
    if (!row) throw notFound(ADS_MSG.tokenUnknown);
    const first = await tx
      .update(adImpressions)
      .set({ clickedAt: now })
      .where(and(eq(adImpressions.token, token), isNull(adImpressions.clickedAt)))
      .returning({ id: adImpressions.id });
    if (first.length) {
      await tx
        .update(adDailyStats)
        .set({ clicks: sql`${adDailyStats.clicks} + 1` })
        .where(and(eq(adDailyStats.adId, row.adId), eq(adDailyStats.day, row.day)));
    }
    return { url: row.link, counted: first.length > 0 };
  });
}
