import 'server-only';
import { currentMember } from '@/lib/server/accounts/session-member';
import { listProducts } from '@/lib/server/wallet/products';
import { monthVipInfo } from '@/lib/server/wallet/vip-info';
import type { VipPlan, VipState } from '@/lib/shared/dto/wallet-records';
import { loginUrlFor } from './page-member';

/**
 * What /m/vip and /m/vip-m render: the VIP plans for everyone, and for a signed-in reader the state that
 * GET /v1/products/get_month_vip_info answers (the page is public, so a visitor gets null and a sign-in link).
 */
export async function vipPageData(
  path: string,
): Promise<{ plans: VipPlan[]; state: VipState | null; loginUrl: string; drama: VipPlan | null }> {
  const member = await currentMember();
  const [plans, info, loginUrl, dramas] = await Promise.all([
    listProducts('vip'),
    member ? monthVipInfo(member.id) : null,
    loginUrlFor(path),
    // The short-drama VIP card (docs/games.md "Short-drama VIP card").
    listProducts('short_drama'),
  ]);
  const state = info && {
    is_paid: info.is_paid,
    vip_expires_at: info.vip_expires_at,
    short_drama_expires_at: info.short_drama_expires_at,
    ad_free: info.ad_free,
  };
  return { plans, state, loginUrl, drama: dramas[0] ?? null };
}
