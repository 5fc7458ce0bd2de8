import 'server-only';
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Paged, VoucherLotRecord, VoucherLotStatus } from '@/lib/shared/dto/wallet-records';
import { EXPIRING_SOON_DAYS, voucherLotTitle } from '@/lib/shared/wallet-text';
import { getDb } from '../db/client';
import { ledgerTransactions, voucherLots } from '../db/schema';
import { expireVoucherLots, hasLotsToExpire } from './expiry';

const lot = voucherLots;

/**
 * Which lots each tab shows. Active: spendable now (the lots spend() would take). Expired: swept by the expiry
 * job (expired_at), or past its date with vouchers left and not swept yet. Used: spent to the last voucher first.
 */
function statusFilter(status: VoucherLotStatus, now: Date): SQL {
  if (status === 'active') return and(gt(lot.remaining, 0), gt(lot.expiresAt, now), isNull(lot.expiredAt))!;
  if (status === 'expired') return or(isNotNull(lot.expiredAt), and(lte(lot.expiresAt, now), gt(lot.remaining, 0)))!;
  return and(eq(lot.remaining, 0), isNull(lot.expiredAt))!;
}

// Active lots in the order they are spent (nearest expiry first); the other tabs most recent first.
const ORDER = {
  active: [asc(lot.expiresAt), asc(lot.id)],
  expired: [desc(lot.expiresAt), desc(lot.id)],
  used: [desc(lot.id)],
} as const;

/** Lots past their date are expired in the ledger before they are shown, as balance reads do (expiry.ts). */
export async function sweepMemberLots(memberId: number, now: Date): Promise<void> {
  if (await hasLotsToExpire(memberId, now)) await expireVoucherLots(now, memberId);
}

/** GET /v1/my/voucher_lots?status: the member's voucher lots in one state, with where each came from. */
export async function listVoucherLots(
  memberId: number,
  status: VoucherLotStatus,
  start: number,
  limit: number,
  now = new Date(),
): Promise<Paged<VoucherLotRecord>> {
  await sweepMemberLots(memberId, now);
  const rows = await getDb()
    .select({
      id: lot.id,
      amount: lot.amount,
      remaining: lot.remaining,
      expiresAt: lot.expiresAt,
      createdAt: lot.createdAt,
      kind: ledgerTransactions.kind,
    })
    .from(lot)
    .leftJoin(ledgerTransactions, eq(ledgerTransactions.id, lot.txId))
    .where(and(eq(lot.memberId, memberId), statusFilter(status, now)))
    .orderBy(...ORDER[status])
    .offset(start)
    .limit(limit);
  const data = rows.map((r): VoucherLotRecord => ({
    id: r.id,
    title: voucherLotTitle(r.kind),
    amount: r.amount,
    remaining: r.remaining,
    expires_at: r.expiresAt.toISOString(),
    created_at: r.createdAt.toISOString(),
    status,
  }));
  return { data, hasmore: data.length >= limit };
}

/** The vouchers page's headline: what can be spent now, and how much of it lapses within a few days. */
export async function getVoucherSummary(memberId: number, now = new Date()): Promise<{ usable: number; expiring_soon: number }> {
  await sweepMemberLots(memberId, now);
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * 86_400_000);
  const [row] = await getDb()
    .select({
      usable: sql<number>`coalesce(sum(${lot.remaining}), 0)`.mapWith(Number),
      expiringSoon: sql<number>`coalesce(sum(${lot.remaining}) filter (where ${lot.expiresAt} <= ${soon}), 0)`.mapWith(Number),
    })
    .from(lot)
    .where(and(eq(lot.memberId, memberId), statusFilter('active', now)));
  return { usable: row?.usable ?? 0, expiring_soon: row?.expiringSoon ?? 0 };
}
