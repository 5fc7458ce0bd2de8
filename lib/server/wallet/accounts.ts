import 'server-only';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
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

/** Shards of each system account (docs/wallet.md "System accounts"). */
export const SYSTEM_SHARDS = 16;

/**
 * How many shards movements spread over now: SYSTEM_SHARDS, or `WALLET_SYSTEM_SHARDS` (1–64) — the purchase bench
 * sets 1 to measure the single-row ledger it replaced. Lowering it later is safe: balances are summed over every
 * shard that exists, whatever the setting.
 */
export function systemShardCount(): number {
  const n = Number(process.env.WALLET_SYSTEM_SHARDS);
  return Number.isInteger(n) && n >= 1 && n <= 64 ? n : SYSTEM_SHARDS;
}

/** The shard a member's movements use: members are spread evenly, and one member's movements stay on one shard. */
export const systemShardOf = (memberId: number) => Math.abs(memberId) % systemShardCount();

type Owner = { memberId: number } | { systemName: string; shard: number };

/** An account (a member's, or a shard of a system one such as recharge or spend) in one currency, created on first use. */
async function ensureAccount(db: DbOrTx, owner: Owner, currency: Currency): Promise<number> {
  await db
    .insert(walletAccounts)
    .values({ ...owner, currency })
    .onConflictDoNothing();
  const ownerIs =
    'memberId' in owner
      ? eq(walletAccounts.memberId, owner.memberId)
      : and(eq(walletAccounts.systemName, owner.systemName), eq(walletAccounts.shard, owner.shard));
  const [row] = await db
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(and(ownerIs, eq(walletAccounts.currency, currency)));
  return row!.id;
}

export const ensureMemberAccount = (db: DbOrTx, memberId: number, currency: Currency) => ensureAccount(db, { memberId }, currency);
/**
 * The shard of a system account that a movement of `memberId` books on. Every purchase used to update one `spend`
 * row, so all purchases on the platform queued on its lock; spread by member, purchases of different members touch
 * different rows (docs/wallet.md "System accounts"). A movement of no member (a staff adjustment) uses shard 0.
 */
export const ensureSystemAccount = (db: DbOrTx, systemName: string, currency: Currency, memberId: number | null = null) =>
  ensureAccount(db, { systemName, shard: memberId === null ? 0 : systemShardOf(memberId) }, currency);

/**
 * Several system accounts' ids at once, for `memberId`'s shard: one read when they all exist (the steady state), and
 * ensureSystemAccount for any that does not yet. A purchase needs two (the novel's revenue and `spend`).
 */
export async function ensureSystemAccounts(
  db: DbOrTx,
  wanted: Array<{ systemName: string; currency: Currency }>,
  memberId: number | null = null,
): Promise<number[]> {
  const shard = memberId === null ? 0 : systemShardOf(memberId);
  const rows = await db
    .select({ id: walletAccounts.id, systemName: walletAccounts.systemName, currency: walletAccounts.currency })
    .from(walletAccounts)
    .where(
      and(
        eq(walletAccounts.shard, shard),
        or(...wanted.map((w) => and(eq(walletAccounts.systemName, w.systemName), eq(walletAccounts.currency, w.currency)))),
      ),
    );
  const ids: number[] = [];
  for (const w of wanted) {
    const found = rows.find((r) => r.systemName === w.systemName && r.currency === w.currency);
    ids.push(found ? found.id : await ensureSystemAccount(db, w.systemName, w.currency, memberId));
  }
  return ids;
}

/** A system account's balance: the sum of its shards (each shard's balance is audited against its entries). */
export async function systemBalance(systemName: string, currency: Currency, db: DbOrTx = getDb()): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${walletAccounts.balance}), 0)` })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.systemName, systemName), eq(walletAccounts.currency, currency)));
  return Number(row?.balance ?? 0);
}

/** Coins and vouchers as the reader sees them (docs/wallet.md "Balances and records"). */
export async function getBalance(memberId: number, db: DbOrTx = getDb()): Promise<{ welth: number; welth_coupon: number }> {
  const rows = await db
    .select({ currency: walletAccounts.currency, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.memberId, memberId), inArray(walletAccounts.currency, [...CURRENCIES])));
  const of = (c: (typeof CURRENCIES)[number]) => rows.find((r) => r.currency === c)?.balance ?? 0;
  return { welth: of('welth'), welth_coupon: of('welth_coupon') };
}
