import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Reward } from '@/lib/shared/activity';
import type { Tx } from '../db/client';
import { lotteryChances, vipPeriods } from '../db/schema';
import { credit } from './credit';
import { grantTickets } from './tickets';
import { stackPeriod } from './vip';

/** Where an activity reward comes from: the movement's kind and the lottery chance's or VIP period's source. */
export type RewardKind = 'checkin' | 'mission' | 'surprise' | 'prize';

/** The system account activity coins and vouchers are drawn from (docs/wallet.md "Ledger"). */
export const ACTIVITY_ACCOUNT = 'activity';

/**
 * Pays one activity reward inside the caller's transaction (docs/activity.md "Rewards"): coins and vouchers (a 7-day
 * lot) by a movement from the `activity` account, tickets as a ticket lot, lottery chances as rows, VIP days as a
 * stacked VIP period. Once per member and key for every type: a repeated key pays nothing and answers `false` (for VIP
 * days under the caller's own once-only row: a check-in, a claim, a spent chance).
 */
export async function grantReward(
  tx: Tx,
  memberId: number,
  reward: Reward,
  grant: { kind: RewardKind; key: string },
  now = new Date(),
): Promise<boolean> {
  if (!Number.isSafeInteger(reward.amount) || reward.amount <= 0) return false;
  // The member is part of every key: ledger keys are unique per kind across all members.
  const key = `${grant.kind}:${memberId}:${grant.key}`;
  switch (reward.type) {
    case 'welth':
    case 'welth_coupon': {
      const amounts = reward.type === 'welth' ? { welth: reward.amount } : { welthCoupon: reward.amount };
      const r = await credit(
        tx,
        memberId,
        { kind: grant.kind, idempotencyKey: key, reference: key, source: ACTIVITY_ACCOUNT, ...amounts },
        now,
      );
      return r.fresh;
    }
    case 'ticket': {
      const source = grant.kind === 'mission' ? 'mission' : 'activity';
      return (await grantTickets(tx, memberId, { source, amount: reward.amount, key }, now)).fresh;
    }
    case 'lottery': {
      const rows = await tx
        .insert(lotteryChances)
        .values(
          Array.from({ length: reward.amount }, (_, i) => ({ memberId, source: grant.kind, grantKey: `${key}:${i}`, createdAt: now })),
        )
        .onConflictDoNothing()
        .returning({ id: lotteryChances.id });
      return rows.length > 0;
    }
    case 'vip_days': {
      const [seen] = await tx
        .select({ id: vipPeriods.id })
        .from(vipPeriods)
        .where(and(eq(vipPeriods.memberId, memberId), eq(vipPeriods.note, key)))
        .limit(1);
      if (seen) return false;
      await stackPeriod(tx, memberId, 'vip', reward.amount, { note: key }, now);
      return true;
    }
  }
}
