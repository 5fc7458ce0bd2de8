import 'server-only';
import { BONUS_HUNTER } from '@/lib/shared/activity';
import type { Tx } from '../../db/client';
import { createMember } from '../../accounts/members';
import { grantReward } from '../../wallet/activity-rewards';

/**
 * One demo member tagged bonus_hunter (docs/ads.md "Custom-ad modal"): BONUS_HUNTER.rewards mission rewards today and no
 * paid order, signed in by SMS with this phone. Only they get the custom-ad modal among the demo members, so the modal
 * never covers another journey's taps.
 */
export const DEMO_BONUS_HUNTER_PHONE = '13900000017';

export async function seedAdsDemo(db: Tx, now: Date): Promise<void> {
  const member = await createMember(db, { phone: DEMO_BONUS_HUNTER_PHONE, nickname: 'demo_bonus_hunter', createdAt: now });
  for (let i = 0; i < BONUS_HUNTER.rewards; i++) {
    await grantReward(db, member.id, { type: 'welth_coupon', amount: 1 }, { kind: 'mission', key: `seed-hunter-${i}` }, now);
  }
}
