import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { getDb } from '../db/client';
import { walletAccounts } from '../db/schema';

export const CURRENCIES = ['welth', 'welth_coupon'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The member's account in one currency, created on first use. */
export async function ensureMemberAccount(db: DbOrTx, memberId: number, currency: Currency): Promise<number> {
  await db.insert(walletAccounts).values({ memberId, currency }).onConflictDoNothing();
  const [row] = await db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.memberId, memberId), eq(walletAccounts.currency, currency)));
  return row!.id;
}

export async function ensureSystemAccount(db: DbOrTx, systemName: string, currency: Currency): Promise<number> {
  await db.insert(walletAccounts).values({ systemName, currency }).onConflictDoNothing();
  const [row] = await db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.systemName, systemName), eq(walletAccounts.currency, currency)));
  return row!.id;
}

/** Coins and vouchers as the reader sees them (spec §3 balance). */
export async function getBalance(memberId: number, db: DbOrTx = getDb()): Promise<{ welth: number; welth_coupon: number }> {
  const rows = await db
    .select({ currency: walletAccounts.currency, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.memberId, memberId), inArray(walletAccounts.currency, [...CURRENCIES])));
  const of = (c: Currency) => rows.find((r) => r.currency === c)?.balance ?? 0;
  return { welth: of('welth'), welth_coupon: of('welth_coupon') };
}
