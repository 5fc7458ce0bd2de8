import 'server-only';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { voucherLots } from '../db/schema';
import { getBalance } from './accounts';

/** Balance plus the voucher lots behind welth_coupon, nearest expiry first (the order they are spent in). */
export async function getBalances(memberId: number, now = new Date()) {
  const [balance, lots] = await Promise.all([
    getBalance(memberId),
    getDb()
      .select({ id: voucherLots.id, remaining: voucherLots.remaining, expiresAt: voucherLots.expiresAt })
      .from(voucherLots)
      .where(and(eq(voucherLots.memberId, memberId), gt(voucherLots.remaining, 0), gt(voucherLots.expiresAt, now), isNull(voucherLots.expiredAt)))
      .orderBy(asc(voucherLots.expiresAt), asc(voucherLots.id)),
  ]);
  return { ...balance, voucher_lots: lots.map((l) => ({ id: l.id, remaining: l.remaining, expires_at: l.expiresAt.toISOString() })) };
}
