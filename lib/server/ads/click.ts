import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ADS_MSG } from '@/lib/shared/ads-text';
import type { AdClickDto } from '@/lib/shared/dto/ads';
import { firstHitOfDay } from '../abuse/rate-limit';
import { getDb, withDb } from '../db/client';
import { adDailyStats, adImpressions, ads } from '../db/schema';
import { notFound } from '../core/errors';

/** How long a served token can be clicked: a page left open longer asks for its ads again (docs/ads.md). */
export const AD_TOKEN_TTL_MS = 24 * 60 * 60_000;

export interface AdClicker {
  /** The viewer keys this request speaks for (adViewer): the member's when signed in, and the browser's visitor key. */
  viewers: readonly string[];
  /** Counts this click against the per-address limit (`adClicks`); asked only for a click that would count. */
  withinAddressLimit: () => Promise<boolean>;
}

/**
 * A click on a served ad (docs/ads.md "Impressions and clicks"). The token is good only for the viewer it was served
 * to, for AD_TOKEN_TTL_MS: anyone else's, an old one or one we never issued is 40400, and nothing is written — the
 * answer does not say which, so nobody learns whose a token was. Otherwise the click answers the ad's link as staff
 * saved it, nothing from the request, and counts (one more on the impression's day) only when all hold:
 *
 * - it is the token's first click — `clicked_at` goes from null once, so a replay or twenty racing sends count one;
 * - it is this viewer's first counted click on this ad that day, so one member clicking fresh tokens counts once;
 * - the address is within `adClicks`, so many free guests or rotated tracking cookies from one address count a few.
 *
 * The day's claim and the address counter are written in the click's transaction and go back with it.
 */
export async function clickAd(token: string, clicker: AdClicker, now = new Date()): Promise<AdClickDto> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: adImpressions.id,
        adId: adImpressions.adId,
        day: adImpressions.day,
        viewer: adImpressions.viewer,
        servedAt: adImpressions.createdAt,
        link: ads.link,
      })
      .from(adImpressions)
      .innerJoin(ads, eq(ads.id, adImpressions.adId))
      .where(eq(adImpressions.token, token));
    if (!row || !clicker.viewers.includes(row.viewer) || now.getTime() - row.servedAt.getTime() > AD_TOKEN_TTL_MS)
      throw notFound(ADS_MSG.tokenUnknown);
    const first = await tx
      .update(adImpressions)
      .set({ clickedAt: now })
      .where(and(eq(adImpressions.id, row.id), isNull(adImpressions.clickedAt)))
      .returning({ id: adImpressions.id });
    const counted =
      first.length > 0 &&
      (await withDb(
        tx,
        async () => (await firstHitOfDay('adClick', `${row.adId}:${row.viewer}`, row.day)) && clicker.withinAddressLimit(),
      ));
    if (counted) {
      await tx
        .update(adDailyStats)
        .set({ clicks: sql`${adDailyStats.clicks} + 1` })
        .where(and(eq(adDailyStats.adId, row.adId), eq(adDailyStats.day, row.day)));
    }
    return { url: row.link, counted };
  });
}
