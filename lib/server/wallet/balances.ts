import 'server-only';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { voucherLots } from '../db/schema';
import { getBalance } from './accounts';
import { expireVoucherLots, hasLotsToExpire } from './expiry';

/** Coins and vouchers as shown to the reader: lots past their date are expired (in the ledger) before reading. */
export async function memberBalance(memberId: number, now = new Date()): Promise<{ welth: number; welth_coupon: number }> {
  if (await hasLotsToExpire(memberId, now)) await expireVoucherLots(now, memberId);
  return getBalance(memberId);
}

/** Balance plus the voucher lots behind welth_coupon, nearest expiry first (the order they are spent in). */
export async function getBalances(memberId: number, now = new Date()) {
  const balance = await memberBalance(memberId, now);
  const lots = await getDb()
    .select({ id: voucherLots.id, remaining: voucherLots.remaining, expiresAt: voucherLots.expiresAt })
    .from(voucherLots)
    .where(
      and(eq(voucherLots.memberId, memberId), gt(voucherLots.remaining, 0), gt(voucherLots.expiresAt, now), isNull(voucherLots.expiredAt)),
    )
    .orderBy(asc(voucherLots.expiresAt), asc(voucherLots.id));
  return { ...balance, voucher_lots: lots.map((l) => ({ id: l.id, remaining: l.remaining, expires_at: l.expiresAt.toISOString() })) };
}
