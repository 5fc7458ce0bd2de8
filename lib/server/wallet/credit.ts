import 'server-only';
import type { Tx } from '../db/client';
import { voucherLots } from '../db/schema';
import { VOUCHER_VALID_DAYS } from '@/lib/shared/constants';
import { ensureMemberAccount, ensureSystemAccount } from './accounts';
import { postMovement, type Leg } from './ledger';

export interface Credit {
  kind: string;
  idempotencyKey?: string;
  reference?: string;
  /** Coins from the named system account (recharge, bonus…). */
  welth?: number;
  /** Vouchers: each grant becomes a lot that expires after `voucherDays` (7 by default). */
  welthCoupon?: number;
  voucherDays?: number;
  source: string;
}

/** Puts coins and/or a voucher lot into a member's wallet, balanced against a system account. Idempotent on the key. */
export async function credit(tx: Tx, memberId: number, c: Credit, now = new Date()): Promise<{ txId: number; fresh: boolean }> {
  const legs: Leg[] = [];
  if (c.welth) {
    legs.push({ accountId: await ensureMemberAccount(tx, memberId, 'welth'), currency: 'welth', amount: c.welth });
    legs.push({ accountId: await ensureSystemAccount(tx, c.source, 'welth', memberId), currency: 'welth', amount: -c.welth });
  }
  if (c.welthCoupon) {
    legs.push({ accountId: await ensureMemberAccount(tx, memberId, 'welth_coupon'), currency: 'welth_coupon', amount: c.welthCoupon });
    legs.push({
      accountId: await ensureSystemAccount(tx, c.source, 'welth_coupon', memberId),
      currency: 'welth_coupon',
      amount: -c.welthCoupon,
    });
  }
  const movement = await postMovement(tx, { kind: c.kind, memberId, idempotencyKey: c.idempotencyKey, reference: c.reference, legs });
  if (movement.fresh && c.welthCoupon) {
    const days = c.voucherDays ?? VOUCHER_VALID_DAYS;
    await tx.insert(voucherLots).values({
      memberId,
      amount: c.welthCoupon,
      remaining: c.welthCoupon,
      expiresAt: new Date(now.getTime() + days * 86_400_000),
      txId: movement.id,
    });
  }
  return { txId: movement.id, fresh: movement.fresh };
}
