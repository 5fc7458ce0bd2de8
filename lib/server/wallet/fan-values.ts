import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { FAN_WEIGHTS } from '@/lib/shared/rewards';
import type { Tx } from '../db/client';
import { fanValues } from '../db/schema';

/**
 * Adds to a member's fan value for a novel (docs/gifts-votes.md "Fan value and titles"): coins paid for the novel (chapters,
 * whole book, gifts — coins only, vouchers never count) and tickets cast for it, at the published weights. Called
 * inside the transaction of the movement that earned it, so the fan list never runs ahead of or behind the ledger.
 */
export async function addFanValue(tx: Tx, memberId: number, novelId: number, add: { coins?: number; tickets?: number }): Promise<void> {
  if ((add.coins ?? 0) <= 0 && (add.tickets ?? 0) <= 0) return;
  await tx.execute(fanValueUpsert(memberId, novelId, add));
}

/**
 * addFanValue's statement. `from` ends its select: a purchase passes `from mv` to write it inside the statement that
 * writes its movement, so the fan value exists exactly when the movement does (docs/wallet.md "Statements per purchase").
 */
export function fanValueUpsert(memberId: number, novelId: number, add: { coins?: number; tickets?: number }, from: SQL = sql``): SQL {
  const coins = add.coins ?? 0;
  const tickets = add.tickets ?? 0;
  const value = coins * FAN_WEIGHTS.coin + tickets * FAN_WEIGHTS.ticket;
  return sql`insert into ${fanValues} (member_id, novel_id, coins, tickets, value)
    select ${memberId}::int, ${novelId}::int, ${coins}::int, ${tickets}::int, ${value}::int ${from}
    on conflict (member_id, novel_id) do update set
      coins = ${fanValues.coins} + excluded.coins,
      tickets = ${fanValues.tickets} + excluded.tickets,
      value = ${fanValues.value} + excluded.value,
      updated_at = now()`;
}
