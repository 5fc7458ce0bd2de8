import 'server-only';
import { currentMember } from '@/lib/server/accounts/session-member';
import { listProducts } from '@/lib/server/wallet/products';
import { monthVipInfo } from '@/lib/server/wallet/vip-info';
import type { VipPlan, VipState } from '@/lib/shared/dto/wallet-records';
import { adRemovalProduct } from '@/lib/server/ads/interact';
import type { AdRemovalOffer } from '@/components/ads/ad-removal-offer';
import { loginUrlFor } from './page-member';

/**
 * What /m/vip and /m/vip-m render: the VIP plans for everyone, and for a signed-in reader the state that
 * GET /v1/products/get_month_vip_info answers (the page is public, so a visitor gets null and a sign-in link).
 */
export async function vipPageData(
  path: string,
): Promise<{ plans: VipPlan[]; state: VipState | null; loginUrl: string; drama: VipPlan | null; adRemoval: AdRemovalOffer | null }> {
  const member = await currentMember();
  const [plans, info, loginUrl, dramas, removal] = await Promise.all([
    listProducts('vip'),
    member ? monthVipInfo(member.id) : null,
    loginUrlFor(path),
    // The short-drama VIP card (docs/games.md "Short-drama VIP card").
    listProducts('short_drama'),
    adRemovalProduct(),
  ]);
  const state = info && {
    is_paid: info.is_paid,
    vip_expires_at: info.vip_expires_at,
    short_drama_expires_at: info.short_drama_expires_at,
    ad_free: info.ad_free,
  };
  // The 9.9 permanent ad removal, sold here too (docs/ads.md "Ad removal").
  const adRemoval = removal ? { product_id: removal.id, name: removal.name, price: removal.price } : null;
  return { plans, state, loginUrl, drama: dramas[0] ?? null, adRemoval };
}
