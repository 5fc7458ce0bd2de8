import 'server-only';
import { currentMember } from '@/lib/server/accounts/session-member';
import { listProducts } from '@/lib/server/wallet/products';
import { getPeriodState } from '@/lib/server/wallet/vip';
import type { VipPlan, VipState } from '@/lib/shared/dto/wallet-records';
import { loginUrlFor } from './page-member';

async function vipState(memberId: number): Promise<VipState> {
  const [vip, drama, adFree] = await Promise.all([getPeriodState(memberId, 'vip'), getPeriodState(memberId, 'short_drama'), getPeriodState(memberId, 'ad_free')]);
  return { is_paid: vip.active, vip_expires_at: vip.expires_at, short_drama_expires_at: drama.active ? drama.expires_at : null, ad_free: adFree.active };
}

/** What /m/vip and /m/vip-m render: the VIP plans for everyone, the member's state when signed in (the page is public). */
export async function vipPageData(path: string): Promise<{ plans: VipPlan[]; state: VipState | null; loginUrl: string }> {
  const member = await currentMember();
  const [plans, state, loginUrl] = await Promise.all([listProducts('vip'), member ? vipState(member.id) : null, loginUrlFor(path)]);
  return { plans, state, loginUrl };
}
