import 'server-only';
import { sql } from 'drizzle-orm';
import { FAN_WEIGHTS } from '@/lib/shared/rewards';
import type { Tx } from '../db/client';
import { fanValues } from '../db/schema';

/**
 * Adds to a member's fan value for a novel (docs/gifts-votes.md "Fan value and titles"): coins paid for the novel (chapters,
 * whole book, gifts — coins only, vouchers never count) and tickets cast for it, at the published weights. Called
 * inside the transaction of the movement that earned it, so the fan list never runs ahead of or behind the ledger.
 */
export async function addFanValue(tx: Tx, memberId: number, novelId: number, add: { coins?: number; tickets?: number }): Promise<void> {
  const coins = add.coins ?? 0;
  const tickets = add.tickets ?? 0;
  if (coins <= 0 && tickets <= 0) return;
  const value = coins * FAN_WEIGHTS.coin + tickets * FAN_WEIGHTS.ticket;
  await tx
    .insert(fanValues)
    .values({ memberId, novelId, coins, tickets, value })
    .onConflictDoUpdate({
      target: [fanValues.memberId, fanValues.novelId],
      set: {
        coins: sql`${fanValues.coins} + ${coins}`,
        tickets: sql`${fanValues.tickets} + ${tickets}`,
        value: sql`${fanValues.value} + ${value}`,
        updatedAt: sql`now()`,
      },
    });
}
