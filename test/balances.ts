import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/client';
import { walletAccounts } from '@/lib/server/db/schema';

/** A member's stored balance in one currency ('welth', 'welth_coupon', 'ticket'), 0 before the account exists. */
export async function accountBalance(db: DbOrTx, memberId: number, currency: string): Promise<number> {
  const [row] = await db
    .select({ b: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.memberId, memberId), eq(walletAccounts.currency, currency)));
  return row?.b ?? 0;
}
