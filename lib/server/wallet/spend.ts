import 'server-only';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { SERVER_MSG } from '@/lib/server/messages';
import type { Tx } from '../db/client';
import { voucherLots, walletAccounts } from '../db/schema';
import { ApiError } from '../http/errors';
import { ensureMemberAccount, ensureSystemAccount } from './accounts';
import { movementExists, postMovement, type Leg } from './ledger';

export interface SpendResult {
  txId: number;
  /** False when the same kind and key were spent before: nothing was taken this time. */
  fresh: boolean;
  fromVouchers: number;
  fromCoins: number;
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
 */
export async function spend(
  tx: Tx,
  memberId: number,
  price: number,
  movement: { kind: string; idempotencyKey?: string; reference?: string; meta?: Record<string, unknown> },
  now = new Date(),
): Promise<SpendResult> {
  const { coinAccount, voucherAccount, coins } = await lockMemberWallet(tx, memberId);
  const spendCoins = await ensureSystemAccount(tx, 'spend', 'welth');
  const spendVouchers = await ensureSystemAccount(tx, 'spend', 'welth_coupon');
  const lots = await tx
    .select({ id: voucherLots.id, remaining: voucherLots.remaining })
    .from(voucherLots)
    .where(
      and(eq(voucherLots.memberId, memberId), gt(voucherLots.remaining, 0), gt(voucherLots.expiresAt, now), isNull(voucherLots.expiredAt)),
    )
    .orderBy(asc(voucherLots.expiresAt), asc(voucherLots.id))
    .for('update');
  const usableVouchers = lots.reduce((s, l) => s + l.remaining, 0);
  if (usableVouchers + coins < price) {
    throw new ApiError(CODES.paymentNeeded, SERVER_MSG.paymentNeeded, { price, welth: coins, welth_coupon: usableVouchers });
  }

  // A movement already applied under this key: report it without touching lots or balances again.
  if (movement.idempotencyKey && (await movementExists(tx, movement.kind, movement.idempotencyKey))) {
    return { txId: 0, fresh: false, fromVouchers: 0, fromCoins: 0 };
  }
  let due = price;
  const legs: Leg[] = [];
  for (const lot of lots) {
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
  const { id } = await postMovement(tx, { ...movement, memberId, legs });
  return { txId: id, fresh: true, fromVouchers, fromCoins: due };
}
