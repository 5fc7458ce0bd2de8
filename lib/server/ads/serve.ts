import 'server-only';
import { inMinorsMode } from '../minors/mode';
import { privacySettings } from '../accounts/privacy-settings';
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { AD_SLOTS, type AdPlacement } from '@/lib/shared/ads';
import type { AdDto, AdListDto } from '@/lib/shared/dto/ads';
import { cachedFlags } from '../config/flags-cache';
import { getDb, type DbOrTx } from '../db/client';
import { adDailyStats, adImpressions, ads } from '../db/schema';
import { businessDayOf } from '@/lib/shared/business-time';
import { hasPaid, isAdFree, isBonusHunter, type AdViewer } from './viewer';

type AdRow = typeof ads.$inferSelect;

export interface AdWhere {
  placement: AdPlacement;
  languageType?: number;
  channel?: number;
}

/** Active, in schedule, for this brand, placement, language and channel: what a static file would list too. */
async function candidates(db: DbOrTx, where: AdWhere, brand: 'main' | 'alt', now: Date): Promise<AdRow[]> {
  return db
    .select()
    .from(ads)
    .where(
      and(
        eq(ads.active, true),
        eq(ads.businessType, 1),
        eq(ads.placement, where.placement),
        inArray(ads.brand, ['all', brand]),
        or(isNull(ads.startsAt), lte(ads.startsAt, now)),
        or(isNull(ads.endsAt), gt(ads.endsAt, now)),
        where.languageType === undefined ? undefined : or(isNull(ads.languageType), eq(ads.languageType, where.languageType)),
        where.channel === undefined ? undefined : or(isNull(ads.channel), eq(ads.channel, where.channel)),
      ),
    );
}

/** Weighted order without replacement (each ad's key u^(1/w), largest first): heavier ads lead more often. */
export function weightedOrder<T extends { weight: number }>(rows: T[], random: () => number = Math.random): T[] {
  return rows
    .map((r) => ({ r, key: Math.pow(random() || Number.MIN_VALUE, 1 / Math.max(1, r.weight)) }))
    .sort((a, b) => b.key - a.key)
    .map((x) => x.r);
}

function toDto(ad: AdRow, token: string): AdDto {
  return { id: ad.id, placement: ad.placement as AdPlacement, title: ad.title, body: ad.body, image: ad.image, token };
}

/**
 * The ads this viewer gets at one placement now (docs/ads.md "Calls"), each with a fresh impression token. Nothing
 * for ad-free members (VIP or the 9.9 removal) nor while staff switched ads off. Audience (paid or not) and the
 * bonus_hunter tag are checked here, then the per-viewer daily caps: the viewer's rows are counted and the new
 * impressions written under a transaction-scoped lock on the viewer, so two parallel calls cannot pass one cap twice.
 */
export async function serveAds(viewer: AdViewer, where: AdWhere, now = new Date()): Promise<AdListDto> {
  const db = getDb();
  if (await isAdFree(db, viewer.memberId, now)) return { ad_free: true, list: [] };
  // 青少年模式 shows no ads at all (docs/minors-mode.md): the page hides its slots as for an ad-free member.
  if (viewer.memberId && (await inMinorsMode(viewer.memberId, db, now))) return { ad_free: true, list: [] };
  if (!cachedFlags().is_ad_enabled) return { ad_free: false, list: [] };
  let rows = await candidates(db, where, viewer.brand, now);
  if (!rows.length) return { ad_free: false, list: [] };
  const targeted = rows.some((r) => r.audience !== 'all' || r.bonusHunterOnly);
  // 个性化推荐 off (docs/agreements.md "Personalised recommendations"): no choice is made from the member's traits —
  // they get only the ads aimed at everyone, whatever they have paid or collected.
  if (targeted && !(await privacySettings(db, viewer.memberId)).personalized) {
    rows = rows.filter((r) => r.audience === 'all' && !r.bonusHunterOnly);
  } else {
    const [paid, hunter] = await Promise.all([
      rows.some((r) => r.audience !== 'all') ? hasPaid(db, viewer.memberId) : false,
      rows.some((r) => r.bonusHunterOnly) ? isBonusHunter(db, viewer.memberId, now) : false,
    ]);
    rows = rows.filter((r) => (r.audience === 'all' || (r.audience === 'paid') === paid) && (!r.bonusHunterOnly || hunter));
  }
  if (!rows.length) return { ad_free: false, list: [] };
  const day = businessDayOf(now);
  const list = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ads:${viewer.key}`}))`);
    const capped = rows.filter((r) => r.dailyCap !== null);
    const seen = capped.length
      ? await tx
          .select({ adId: adImpressions.adId, n: count() })
          .from(adImpressions)
          .where(
            and(
              eq(adImpressions.viewer, viewer.key),
              eq(adImpressions.day, day),
              inArray(
                adImpressions.adId,
                capped.map((r) => r.id),
              ),
            ),
          )
          .groupBy(adImpressions.adId)
      : [];
    const seenBy = new Map(seen.map((s) => [s.adId, Number(s.n)]));
    const open = rows.filter((r) => r.dailyCap === null || (seenBy.get(r.id) ?? 0) < r.dailyCap);
    const picked = weightedOrder(open).slice(0, AD_SLOTS[where.placement]);
    if (!picked.length) return [];
    const tokens = picked.map(() => randomBytes(18).toString('base64url'));
    await tx
      .insert(adImpressions)
      .values(picked.map((r, i) => ({ token: tokens[i]!, adId: r.id, viewer: viewer.key, day, createdAt: now })));
    await tx
      .insert(adDailyStats)
      .values(picked.map((r) => ({ adId: r.id, day, impressions: 1 })))
      .onConflictDoUpdate({ target: [adDailyStats.adId, adDailyStats.day], set: { impressions: sql`${adDailyStats.impressions} + 1` } });
    return picked.map((r, i) => toDto(r, tokens[i]!));
  });
  return { ad_free: false, list };
}
