import 'server-only';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import type { Tx } from '../db/client';
import { voucherLots, walletAccounts } from '../db/schema';
import { ApiError } from '../core/errors';
import { ensureMemberAccount, ensureSystemAccount, revenueAccountName } from './accounts';
import { businessMonthOf } from '@/lib/shared/business-time';
import { movementExists, postMovement, type Leg } from './ledger';
import { earnTicketsFromSpend } from './tickets';

export interface SpendResult {
  txId: number;
  /** False when the same kind and key were spent before: nothing was taken this time. */
  fresh: boolean;
  fromVouchers: number;
  fromCoins: number;
}

export interface SpendOptions {
  /**
   * The novel the spend is for: its coins land on the novel's revenue account `revenue:novel:{id}` instead of
   * `spend`, in the same movement (docs/wallet.md "Revenue by novel"). Vouchers still go to `spend`.
   */
  novelId?: number;
  /** Coins only, vouchers untouched (gifts: GIFTS_PAY_WITH_VOUCHERS, docs/gifts-votes.md). */
  coinsOnly?: boolean;
}

/**
 * Locks the member's coin and voucher accounts for the rest of the transaction (ids in ascending order, so two
 * transactions never wait on each other in a cycle). Purchases take it before checking what the member owns,
 * so a second buy of the same chapter waits and then sees the first one's unlock.
 */
export async function lockMemberWallet(tx: Tx, memberId: number): Promise<{ coinAccount: number; voucherAccount: number; coins: number }> {
  const coinAccount = await ensureMemberAccount(tx, memberId, 'welth');
  const voucherAccount = await ensureMemberAccount(tx, memberId, 'welth_coupon');
  const accounts = await tx
    .select({ id: walletAccounts.id, currency: walletAccounts.currency, balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(inArray(walletAccounts.id, [coinAccount, voucherAccount]))
    .orderBy(asc(walletAccounts.id))
    .for('update');
  return { coinAccount, voucherAccount, coins: accounts.find((a) => a.currency === 'welth')?.balance ?? 0 };
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
  const { coinAccount, voucherAccount, coins } = await lockMemberWallet(tx, memberId);
  const spendCoins = await ensureSystemAccount(tx, options.novelId ? revenueAccountName(options.novelId) : 'spend', 'welth', memberId);
  const spendVouchers = await ensureSystemAccount(tx, 'spend', 'welth_coupon', memberId);
  const lots = await tx
    .select({ id: voucherLots.id, remaining: voucherLots.remaining })
    .from(voucherLots)
    .where(
      and(eq(voucherLots.memberId, memberId), gt(voucherLots.remaining, 0), gt(voucherLots.expiresAt, now), isNull(voucherLots.expiredAt)),
    )
    .orderBy(asc(voucherLots.expiresAt), asc(voucherLots.id))
    .for('update');
  const usableVouchers = lots.reduce((s, l) => s + l.remaining, 0);
  if ((options.coinsOnly ? 0 : usableVouchers) + coins < price) {
    throw new ApiError(CODES.paymentNeeded, SERVER_MSG.paymentNeeded, { price, welth: coins, welth_coupon: usableVouchers });
  }

  // A movement already applied under this key: report it without touching lots or balances again.
  if (movement.idempotencyKey && (await movementExists(tx, movement.kind, movement.idempotencyKey))) {
    return { txId: 0, fresh: false, fromVouchers: 0, fromCoins: 0 };
  }
  let due = price;
  const legs: Leg[] = [];
  for (const lot of options.coinsOnly ? [] : lots) {
    if (due === 0) break;
    const take = Math.min(lot.remaining, due);
    due -= take;
    await tx
      .update(voucherLots)
      .set({ remaining: sql`${voucherLots.remaining} - ${take}` })
      .where(eq(voucherLots.id, lot.id));
    legs.push(
      { accountId: voucherAccount, currency: 'welth_coupon', amount: -take, lotId: lot.id },
      { accountId: spendVouchers, currency: 'welth_coupon', amount: take, lotId: lot.id },
    );
  }
  const fromVouchers = price - due;
  if (due > 0)
    legs.push({ accountId: coinAccount, currency: 'welth', amount: -due }, { accountId: spendCoins, currency: 'welth', amount: due });
  const meta = {
    ...movement.meta,
    ...(options.novelId ? { novel_id: options.novelId } : {}),
    ...(due > 0 ? { coin_month: businessMonthOf(now) } : {}),
  };
  const { id } = await postMovement(tx, { ...movement, meta, memberId, legs });
  if (due > 0) await earnTicketsFromSpend(tx, memberId, now);
  return { txId: id, fresh: true, fromVouchers, fromCoins: due };
}
