import 'server-only';
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { getDb } from '../db/client';
import { vipPeriods } from '../db/schema';

export type PeriodKind = 'vip' | 'short_drama' | 'ad_free';

/** Whether a period of this kind covers `now`, and when the last one ends (null: permanent). */
export async function getPeriodState(
  memberId: number,
  kind: PeriodKind,
  db: DbOrTx = getDb(),
  now = new Date(),
): Promise<{ active: boolean; expires_at: string | null }> {
  const [row] = await db
    .select({ endsAt: vipPeriods.endsAt })
    .from(vipPeriods)
    .where(
      and(
        eq(vipPeriods.memberId, memberId),
        eq(vipPeriods.kind, kind),
        lte(vipPeriods.startsAt, now),
        or(isNull(vipPeriods.endsAt), gt(vipPeriods.endsAt, now)),
      ),
    )
    .orderBy(desc(vipPeriods.endsAt))
    .limit(1);
  if (!row) return { active: false, expires_at: null };
  // Stacked periods: the furthest end among those not yet over.
  const [last] = await db
    .select({ endsAt: vipPeriods.endsAt })
    .from(vipPeriods)
    .where(and(eq(vipPeriods.memberId, memberId), eq(vipPeriods.kind, kind), or(isNull(vipPeriods.endsAt), gt(vipPeriods.endsAt, now))))
    .orderBy(desc(vipPeriods.endsAt))
    .limit(1);
  return { active: true, expires_at: last?.endsAt?.toISOString() ?? row.endsAt?.toISOString() ?? null };
}

/**
 * Adds a period of `days` (null: permanent) of `kind`, starting where the member's last unfinished one ends, so
 * periods stack (docs/wallet.md "Products and VIP"). Paid orders name their order; prizes and rewards a note.
 */
export async function stackPeriod(
  tx: Tx,
  memberId: number,
  kind: PeriodKind,
  days: number | null,
  origin: { orderId?: number; note?: string },
  now = new Date(),
): Promise<void> {
  const [last] = await tx
    .select({ endsAt: vipPeriods.endsAt })
    .from(vipPeriods)
    .where(and(eq(vipPeriods.memberId, memberId), eq(vipPeriods.kind, kind)))
    .orderBy(desc(vipPeriods.endsAt))
    .limit(1);
  const startsAt = last?.endsAt && last.endsAt > now ? last.endsAt : now;
  await tx.insert(vipPeriods).values({
    memberId,
    kind,
    startsAt,
    endsAt: days === null ? null : new Date(startsAt.getTime() + days * 86_400_000),
    orderId: origin.orderId ?? null,
    note: origin.note ?? null,
  });
}
