import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { ADS_MSG } from '@/lib/shared/ads-text';
import { AD_RECHARGE_SCENES } from '@/lib/shared/constants';
import type { InteractAdInfoDto } from '@/lib/shared/dto/ads';
import { cachedFlags } from '../config/flags-cache';
import { getDb, type DbOrTx } from '../db/client';
import { products } from '../db/schema';
import { serveAds } from './serve';
import { isAdFree, isBonusHunter, type AdViewer } from './viewer';

/** The permanent ad removal on sale (the seed's 永久去广告, ¥9.9), or null when staff took it off. */
export async function adRemovalProduct(db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(and(eq(products.productType, 'ad_removal'), eq(products.active, true)))
    .orderBy(asc(products.sort), asc(products.id))
    .limit(1);
  return row ?? null;
}

/**
 * GET /v1/ads/interact_ad_info (docs/ads.md "Custom-ad modal"): whether the modal may show for this member — ads on,
 * not self-owned, signed in, tagged bonus_hunter, not ad-free — with its text (the tbs_ad_custom_text flag), the
 * custom-modal ad when one is running (with its impression token) and the 9.9 removal under scene 10009. Once a day
 * and "no other modal open" are the browser's to check.
 */
export async function interactAdInfo(viewer: AdViewer, languageType: number | undefined, now = new Date()): Promise<InteractAdInfoDto> {
  const db = getDb();
  const flags = cachedFlags();
  const text = flags.tbs_ad_custom_text?.text || ADS_MSG.modalDefault;
  const product = await adRemovalProduct(db);
  const offer = product ? { product_id: product.id, name: product.name, price: product.price, scene: AD_RECHARGE_SCENES.tbs } : null;
  const eligible =
    flags.is_ad_enabled &&
    !flags.self_owned &&
    viewer.memberId !== null &&
    offer !== null &&
    !(await isAdFree(db, viewer.memberId, now)) &&
    (await isBonusHunter(db, viewer.memberId, now));
  if (!eligible) return { show: false, text, ad: null, offer };
  const served = await serveAds(viewer, { placement: 'custom_modal', languageType }, now);
  return { show: true, text, ad: served.list[0] ?? null, offer };
}
