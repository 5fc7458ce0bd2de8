import 'server-only';
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import type { Tx } from '../db/client';
import { builtOnce } from '../db/built-once';
import { voucherLots, walletAccounts } from '../db/schema';
import { ApiError } from '../core/errors';
import { ensureSystemAccounts, revenueAccountName } from './accounts';
import { businessMonthOf } from '@/lib/shared/business-time';
import type { Leg } from './ledger';
import { grantSpendTickets } from './tickets';
import { writeSpend } from './spend-statement';
import type { SpendPrefetch } from './spend-prefetch';

export interface SpendResult {
  txId: number;
  /** False when the same kind and key were spent before: nothing was taken this time. */
  fresh: boolean;
  fromVouchers: number;
  fromCoins: number;
  /** Coins and vouchers after the spend as the reader is shown them, or null when they must be read (see spend). */
  balances: { welth: number; welth_coupon: number } | null;
}

export interface SpendOptions {
  /**
   * The novel the spend is for: its coins land on the novel's revenue account `revenue:novel:{id}` instead of
   * `spend`, in the same movement (docs/wallet.md "Revenue by novel"). Vouchers still go to `spend`.
   */
  novelId?: number;
  /** Coins only, vouchers untouched (gifts: GIFTS_PAY_WITH_VOUCHERS, docs/gifts-votes.md). */
  coinsOnly?: boolean;
  /** The wallet the caller locked just before, in this transaction, with nothing moved since: not locked again. */
  locked?: LockedWallet;
  /**
   * The system accounts and the locked spendable lots, read by the caller with spendReadColumns after it locked the
   * wallet in this transaction (with `locked`): not read again.
   */
  prefetched?: SpendPrefetch;
  /** Rows written with the movement in the same statement, only when it is new (see writeSpend), given what was taken. */
  also?: (spent: Spent) => SQL[];
}

/** What a spend takes, known before its write; `balances` as in SpendResult. */
export interface Spent {
  fromCoins: number;
  fromVouchers: number;
  balances: { welth: number; welth_coupon: number } | null;
}

export interface LockedWallet {
  coinAccount: number;
  voucherAccount: number;
  /** Balances as locked: nothing else can change them until the transaction ends. */
  coins: number;
  vouchers: number;
}

/**
 * Locks the member's coin and voucher accounts for the rest of the transaction (ids in ascending order, so two
 * transactions never wait on each other in a cycle). Purchases take it before checking what the member owns,
 * so a second buy of the same chapter waits and then sees the first one's unlock. One statement once the accounts
 * exist (docs/wallet.md "Statements per purchase"); a member's first movement creates them first.
 */
export async function lockMemberWallet(tx: Tx, memberId: number): Promise<LockedWallet> {
  // Built once, named: PostgreSQL plans it once per connection, not on every purchase (docs/wallet.md "Where a
  // purchase's time goes").
  const lock = () =>
    builtOnce(tx, 'wallet_lock', (t) =>
      t
        .select({ id: walletAccounts.id, currency: walletAccounts.currency, balance: walletAccounts.balance })
        .from(walletAccounts)
        .where(and(eq(walletAccounts.memberId, sql.placeholder('memberId')), inArray(walletAccounts.currency, ['welth', 'welth_coupon'])))
        .orderBy(asc(walletAccounts.id))
        .for('update')
        .prepare('wallet_lock'),
    ).execute({ memberId });
  let accounts = await lock();
  if (accounts.length < 2) {
    await tx
      .insert(walletAccounts)
      .values([
        { memberId, currency: 'welth' },
        { memberId, currency: 'welth_coupon' },
      ])
      .onConflictDoNothing();
    accounts = await lock();
  }
  const coin = accounts.find((a) => a.currency === 'welth');
  const voucher = accounts.find((a) => a.currency === 'welth_coupon');
  if (!coin || !voucher) throw new Error(`wallet accounts of member ${memberId} could not be created`);
  return { coinAccount: coin.id, voucherAccount: voucher.id, coins: coin.balance, vouchers: voucher.balance };
}

/**
 * Takes `price` from a member: vouchers first, nearest expiry first (then oldest lot), then coins; an expired
 * lot is never touched. The member's accounts and lots are locked (FOR UPDATE, fixed order) for the rest of the
 * caller's transaction, so parallel spends queue instead of overdrawing. Short → 90001, nothing written.
 * Coins taken earn vote tickets in the same transaction (docs/gifts-votes.md "Vote tickets"): the movement is
 * marked with its month (`meta.coin_month`) and the spend that crosses a multiple of 100 grants the ticket.
 */
export async function spend(
  tx: Tx,
  memberId: number,
  price: number,
  movement: { kind: string; idempotencyKey?: string; reference?: string; meta?: Record<string, unknown> },
  now = new Date(),
  options: SpendOptions = {},
): Promise<SpendResult> {
  const wallet = options.locked ?? (await lockMemberWallet(tx, memberId));
  const { coinAccount, voucherAccount, coins } = wallet;
  const prefetched = options.locked ? options.prefetched : undefined;
  const [spendCoins, spendVouchers] = prefetched?.systemAccounts.every((id) => id !== null)
    ? prefetched.systemAccounts
    : await ensureSystemAccounts(
        tx,
        [
          { systemName: options.novelId ? revenueAccountName(options.novelId) : 'spend', currency: 'welth' },
          { systemName: 'spend', currency: 'welth_coupon' },
        ],
        memberId,
      );
  const lots =
    prefetched?.lots ??
    (await tx
      .select({ id: voucherLots.id, remaining: voucherLots.remaining })
      .from(voucherLots)
      .where(
        and(
          eq(voucherLots.memberId, memberId),
          gt(voucherLots.remaining, 0),
          gt(voucherLots.expiresAt, now),
          isNull(voucherLots.expiredAt),
        ),
      )
      .orderBy(asc(voucherLots.expiresAt), asc(voucherLots.id))
      .for('update'));
  const usableVouchers = lots.reduce((s, l) => s + l.remaining, 0);
  if ((options.coinsOnly ? 0 : usableVouchers) + coins < price) {
    throw new ApiError(CODES.paymentNeeded, SERVER_MSG.paymentNeeded, { price, welth: coins, welth_coupon: usableVouchers });
  }

  let due = price;
  const legs: Leg[] = [];
  const lotTakes: Array<{ id: number; take: number }> = [];
  for (const lot of options.coinsOnly ? [] : lots) {
    if (due === 0) break;
    const take = Math.min(lot.remaining, due);
    due -= take;
    lotTakes.push({ id: lot.id, take });
    legs.push(
      { accountId: voucherAccount, currency: 'welth_coupon', amount: -take, lotId: lot.id },
      { accountId: spendVouchers!, currency: 'welth_coupon', amount: take, lotId: lot.id },
    );
  }
  const fromVouchers = price - due;
  if (due > 0)
    legs.push({ accountId: coinAccount, currency: 'welth', amount: -due }, { accountId: spendCoins!, currency: 'welth', amount: due });
  const month = businessMonthOf(now);
  const meta = {
    ...movement.meta,
    ...(options.novelId ? { novel_id: options.novelId } : {}),
    ...(due > 0 ? { coin_month: month } : {}),
  };
  // The balances after the spend, known without reading them back — unless a lot past its date still waits for the
  // expiry sweep (the voucher account then holds more than the spendable lots), which a shown balance must not count.
  const balances = wallet.vouchers === usableVouchers ? { welth: coins - due, welth_coupon: wallet.vouchers - fromVouchers } : null;
  // A movement already applied under this key writes nothing, lots and balances included, and is reported as such.
  const written = await writeSpend(tx, {
    ...movement,
    meta,
    memberId,
    legs,
    lotTakes,
    also: options.also?.({ fromCoins: due, fromVouchers, balances }),
    ticketMonth: due > 0 ? { month, coins: due } : undefined,
  });
  if (!written) return { txId: 0, fresh: false, fromVouchers: 0, fromCoins: 0, balances: null };
  if (due > 0) await grantSpendTickets(tx, memberId, now, written.monthCoins, written.spendTickets);
  return { txId: written.id, fresh: true, fromVouchers, fromCoins: due, balances };
}
