import 'server-only';
import { sql, type Placeholder } from 'drizzle-orm';
import { voucherLots, walletAccounts } from '../db/schema';
import { revenueAccountName, systemShardOf } from './accounts';

/**
 * What spend() reads before it writes — the two system accounts of the member's shard and the spendable voucher lots,
 * locked — as columns of the caller's own statement, so a chapter purchase reads them with the chapter instead of in
 * two more round trips (docs/wallet.md "Statements per purchase"). The caller selects them after it locked the wallet
 * in the same transaction, as spend() would; spend() then takes them as `prefetched` and reads nothing itself.
 * An account not created yet reads null, and spend() creates it as usual.
 */
export function spendReadColumns(p: {
  memberId: number | Placeholder;
  shard: number | Placeholder;
  coinsAccount: string | Placeholder;
  now: Date | Placeholder;
}) {
  const { memberId, shard, now } = p;
  const account = (systemName: string | Placeholder, currency: string) =>
    sql<number | null>`(select ${walletAccounts.id} from ${walletAccounts}
      where ${walletAccounts.systemName} = ${systemName} and ${walletAccounts.currency} = ${currency} and ${walletAccounts.shard} = ${shard})`;
  return {
    spendCoinsAccount: account(p.coinsAccount, 'welth'),
    spendVouchersAccount: account('spend', 'welth_coupon'),
    // The same lots, order and lock as spend()'s own read: nearest expiry first, then the oldest lot; never an expired one.
    lots: sql<
      Array<[number, number]>
    >`(select coalesce(json_agg(json_build_array(l.id, l.remaining) order by l.expires_at, l.id), '[]'::json)
      from (select ${voucherLots.id} as id, ${voucherLots.remaining} as remaining, ${voucherLots.expiresAt} as expires_at
        from ${voucherLots}
        where ${voucherLots.memberId} = ${memberId} and ${voucherLots.remaining} > 0
          and ${voucherLots.expiresAt} > ${now}::timestamptz and ${voucherLots.expiredAt} is null
        order by ${voucherLots.expiresAt}, ${voucherLots.id}
        for update) l)`,
  };
}

/** The values spendReadColumns takes for a member's spend (on a novel: its revenue account takes the coins). */
export function spendReadValues(memberId: number, novelId: number | undefined, now: Date) {
  return { memberId, shard: systemShardOf(memberId), coinsAccount: novelId ? revenueAccountName(novelId) : 'spend', now };
}

export interface SpendPrefetch {
  systemAccounts: [number | null, number | null];
  lots: Array<{ id: number; remaining: number }>;
}

/** The prefetch for spend() from a row that selected spendReadColumns. */
export function spendPrefetchFrom(row: {
  spendCoinsAccount: number | null;
  spendVouchersAccount: number | null;
  lots: Array<[number, number]> | string;
}): SpendPrefetch {
  // PostgreSQL's json arrives parsed from node-postgres and PGlite alike; a string is parsed here all the same.
  const lots = typeof row.lots === 'string' ? (JSON.parse(row.lots) as Array<[number, number]>) : row.lots;
  return {
    systemAccounts: [
      row.spendCoinsAccount === null ? null : Number(row.spendCoinsAccount),
      row.spendVouchersAccount === null ? null : Number(row.spendVouchersAccount),
    ],
    lots: lots.map(([id, remaining]) => ({ id: Number(id), remaining: Number(remaining) })),
  };
}
