import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { ledgerEntries, ledgerTransactions, walletAccounts } from '../db/schema';
import type { Currency } from './accounts';

export interface Leg {
  accountId: number;
  currency: Currency;
  amount: number;
  lotId?: number;
}

export interface Movement {
  kind: string;
  memberId: number | null;
  /** One movement per (kind, key): a replayed x-sig or notification finds the first one. */
  idempotencyKey?: string;
  reference?: string;
  meta?: Record<string, unknown>;
  legs: Leg[];
}

export class UnbalancedMovementError extends Error {}

export async function movementExists(tx: DbOrTx, kind: string, idempotencyKey: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, kind), eq(ledgerTransactions.idempotencyKey, idempotencyKey)));
  return Boolean(row);
}

/** Every amount a whole number and the legs summing to zero per currency, or nothing is written. */
export function assertBalanced(legs: Leg[]): void {
  const sums = new Map<string, number>();
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount)) throw new UnbalancedMovementError(`amount ${leg.amount} is not a whole number`);
    sums.set(leg.currency, (sums.get(leg.currency) ?? 0) + leg.amount);
  }
  for (const [currency, sum] of sums) if (sum !== 0) throw new UnbalancedMovementError(`${currency} legs sum to ${sum}`);
}

/**
 * Writes one double-entry movement inside the caller's transaction: the legs must sum to zero per currency,
 * every amount is a whole number, and account balances move with their entries. Returns the movement id and
 * whether it was new (false: the same kind and key were applied before, nothing was written).
 */
export async function postMovement(tx: Tx, movement: Movement): Promise<{ id: number; fresh: boolean }> {
  assertBalanced(movement.legs);

  if (movement.idempotencyKey) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, movement.kind), eq(ledgerTransactions.idempotencyKey, movement.idempotencyKey)));
    if (existing) return { id: existing.id, fresh: false };
  }
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: movement.kind,
      memberId: movement.memberId,
      idempotencyKey: movement.idempotencyKey ?? null,
      reference: movement.reference ?? null,
      meta: movement.meta ?? {},
    })
    .returning({ id: ledgerTransactions.id });
  const legs = movement.legs.filter((l) => l.amount !== 0);
  if (legs.length) {
    await tx
      .insert(ledgerEntries)
      .values(legs.map((l) => ({ txId: row!.id, accountId: l.accountId, currency: l.currency, amount: l.amount, lotId: l.lotId ?? null })));
    // Fixed order (by account id) so concurrent movements touching the same accounts never deadlock.
    for (const leg of [...legs].sort((a, b) => a.accountId - b.accountId)) {
      await tx
        .update(walletAccounts)
        .set({ balance: sql`${walletAccounts.balance} + ${leg.amount}` })
        .where(eq(walletAccounts.id, leg.accountId));
    }
  }
  return { id: row!.id, fresh: true };
}
