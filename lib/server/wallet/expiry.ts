import 'server-only';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { getDb, type Tx } from '../db/client';
import { voucherLots } from '../db/schema';
import { ensureMemberAccount, ensureSystemAccount } from './accounts';
import { postMovement } from './ledger';

/**
 * Expires one lot: what is left of it leaves the member's voucher account for the `expiry` system account in a
 * ledger movement keyed by the lot, so a lot expires once however many sweeps race for it.
 */
async function expireLot(tx: Tx, lotId: number, now: Date): Promise<number> {
  const [lot] = await tx
    .select({ id: voucherLots.id, memberId: voucherLots.memberId, remaining: voucherLots.remaining })
    .from(voucherLots)
    .where(and(eq(voucherLots.id, lotId), isNull(voucherLots.expiredAt), lte(voucherLots.expiresAt, now)))
    .for('update');
  if (!lot) return 0;
  if (lot.remaining > 0) {
    const member = await ensureMemberAccount(tx, lot.memberId, 'welth_coupon');
    const expiry = await ensureSystemAccount(tx, 'expiry', 'welth_coupon', lot.memberId);
    await postMovement(tx, {
      kind: 'expiry',
      memberId: lot.memberId,
      idempotencyKey: `lot:${lot.id}`,
      reference: `lot:${lot.id}`,
      legs: [
        { accountId: member, currency: 'welth_coupon', amount: -lot.remaining, lotId: lot.id },
        { accountId: expiry, currency: 'welth_coupon', amount: lot.remaining, lotId: lot.id },
      ],
    });
  }
  await tx.update(voucherLots).set({ remaining: 0, expiredAt: now }).where(eq(voucherLots.id, lot.id));
  return lot.remaining;
}

/**
 * Expires every lot past its date (for one member, or all): the wallet job runs it every minute and balance
 * reads run it for the reader in front of us, so a shown balance never includes vouchers that can no longer be spent.
 * Each lot is its own short transaction; a lot a purchase holds is simply waited for.
 */
export async function expireVoucherLots(now = new Date(), memberId?: number): Promise<{ lots: number; vouchers: number }> {
  const due = await getDb()
    .select({ id: voucherLots.id })
    .from(voucherLots)
    .where(
      and(
        isNull(voucherLots.expiredAt),
        lte(voucherLots.expiresAt, now),
        memberId === undefined ? undefined : eq(voucherLots.memberId, memberId),
      ),
    )
    .orderBy(asc(voucherLots.expiresAt))
    .limit(1000);
  let vouchers = 0;
  let lots = 0;
  for (const { id } of due) {
    const taken = await getDb().transaction((tx) => expireLot(tx, id, now));
    vouchers += taken;
    lots += 1;
  }
  return { lots, vouchers };
}

/** Cheap test first: does this member hold a lot that is past its date and not yet expired? */
export async function hasLotsToExpire(memberId: number, now = new Date()): Promise<boolean> {
  const [row] = await getDb()
    .select({ one: sql<number>`1` })
    .from(voucherLots)
    .where(
      and(eq(voucherLots.memberId, memberId), isNull(voucherLots.expiredAt), lte(voucherLots.expiresAt, now), gt(voucherLots.amount, 0)),
    )
    .limit(1);
  return Boolean(row);
}
