import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { walletAccounts } from '../db/schema';

/** What members see as money: book coins and book vouchers (docs/wallet.md "Units"). */
export const CURRENCIES = ['welth', 'welth_coupon'] as const;
/** Every currency the ledger holds: money plus vote tickets, which are earned, never bought (docs/gifts-votes.md). */
export const LEDGER_CURRENCIES = [...CURRENCIES, 'ticket'] as const;
export type Currency = (typeof LEDGER_CURRENCIES)[number];

/** The system account a novel's coin revenue lands on (docs/wallet.md "Revenue by novel"). */
export const revenueAccountName = (novelId: number) => `revenue:novel:${novelId}`;

type Owner = { memberId: number } | { systemName: string };

/** An account (a member's, or a system one such as recharge or spend) in one currency, created on first use. */
async function ensureAccount(db: DbOrTx, owner: Owner, currency: Currency): Promise<number> {
  await db
    .insert(walletAccounts)
    .values({ ...owner, currency })
    .onConflictDoNothing();
  const ownerIs = 'memberId' in owner ? eq(walletAccounts.memberId, owner.memberId) : eq(walletAccounts.systemName, owner.systemName);
  const [row] = await db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(and(ownerIs, eq(walletAccounts.currency, currency)));
  return row!.id;
}

export const ensureMemberAccount = (db: DbOrTx, memberId: number, currency: Currency) => ensureAccount(db, { memberId }, currency);
export const ensureSystemAccount = (db: DbOrTx, systemName: string, currency: Currency) => ensureAccount(db, { systemName }, currency);

/** Coins and vouchers as the reader sees them (docs/wallet.md "Balances and records"). */
export async function getBalance(memberId: number, db: DbOrTx = getDb()): Promise<{ welth: number; welth_coupon: number }> {
  const rows = await db
    .select({ currency: walletAccounts.currency, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.memberId, memberId), inArray(walletAccounts.currency, [...CURRENCIES])));
  const of = (c: (typeof CURRENCIES)[number]) => rows.find((r) => r.currency === c)?.balance ?? 0;
  return { welth: of('welth'), welth_coupon: of('welth_coupon') };
}
