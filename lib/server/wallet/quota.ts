import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { businessDayOf, businessDayStart } from '@/lib/shared/business-time';
import type { ProductQuota } from '@/lib/shared/dto/shop';
import type { DbOrTx, Tx } from '../db/client';
import { getDb } from '../db/client';
import { productQuotaDays } from '../db/schema';

/** Limited-quota products refill at 21:00 Asia/Shanghai (docs/wallet.md "Limited quota"): the quota's day starts then, not at midnight. */
export const REFILL_HOUR = 21;
const HOUR_MS = 3_600_000;

/** The quota day `now` belongs to: 21:00 on the 20th opens the 21st's slots. */
export function quotaDay(now: Date): string {
  return businessDayOf(now.getTime() + (24 - REFILL_HOUR) * HOUR_MS);
}

/** The next refill after `now`. */
export function nextRefill(now: Date): Date {
  const today = businessDayStart(businessDayOf(now)).getTime() + REFILL_HOUR * HOUR_MS;
  return new Date(now.getTime() < today ? today : today + 24 * HOUR_MS);
}

/**
 * Takes one slot of today's quota, or reports the product sold out. The slot itself is one statement: the conflict
 * update locks the day's row and re-checks `used < quota` against the latest version, so parallel buyers under READ
 * COMMITTED can never take more slots than there are. The day's row is the one row every buyer of the pack writes,
 * so callers take it last, right before their commit (createOrder), and a plain read first answers "sold out"
 * without queuing on the row's lock: a conflict update that finds `used < quota` false still locks the row, and
 * the losers of a rush would otherwise wait in line only to hear that (docs/wallet-orders.md "Rushes for a limited pack").
 */
export async function takeSlot(tx: Tx, productId: number, dailyQuota: number, now: Date): Promise<boolean> {
  if (dailyQuota <= 0) return false;
  const day = quotaDay(now);
  const [seen] = await tx
    .select({ used: productQuotaDays.used })
    .from(productQuotaDays)
    .where(and(eq(productQuotaDays.productId, productId), eq(productQuotaDays.businessDay, day)));
  if (seen && seen.used >= dailyQuota) return false;
  const rows = await tx
    .insert(productQuotaDays)
    .values({ productId, businessDay: day, used: 1 })
    .onConflictDoUpdate({
      target: [productQuotaDays.productId, productQuotaDays.businessDay],
      set: { used: sql`${productQuotaDays.used} + 1` },
      setWhere: sql`${productQuotaDays.used} < ${dailyQuota}`,
    })
    .returning({ used: productQuotaDays.used });
  return rows.length > 0;
}

/** Gives back the slot an unpaid order held, on the quota day it was taken (orders.quota_day). */
export async function releaseSlot(tx: Tx, productId: number, day: string): Promise<void> {
  await tx
    .update(productQuotaDays)
    .set({ used: sql`${productQuotaDays.used} - 1` })
    .where(and(eq(productQuotaDays.productId, productId), eq(productQuotaDays.businessDay, day), sql`${productQuotaDays.used} > 0`));
}

/**
 * At fulfilment: the order still holds the slot it took (orders.quota_day) and that day still counts it. A slot is
 * never re-taken for an order that gave it back — such an order is never paid (docs/wallet-orders.md). A plain read,
 * no lock: the caller holds the order row, and only closing that order (which locks it first) gives its slot back,
 * so the day's count cannot drop below this order's slot meanwhile. Locking the day's row here held every buyer's
 * order creation behind each payment's whole fulfilment.
 */
export async function slotStillHeld(tx: Tx, productId: number, day: string | null): Promise<boolean> {
  if (day === null) return false;
  const [row] = await tx
    .select({ used: productQuotaDays.used })
    .from(productQuotaDays)
    .where(and(eq(productQuotaDays.productId, productId), eq(productQuotaDays.businessDay, day)));
  return row !== undefined && row.used >= 1;
}

/** Slots left today for each limited product. */
export async function quotaStates(
  products: Array<{ id: number; dailyQuota: number | null }>,
  now = new Date(),
  db: DbOrTx = getDb(),
): Promise<Map<number, ProductQuota>> {
  const limited = products.filter((p) => p.dailyQuota !== null);
  const states = new Map<number, ProductQuota>();
  if (!limited.length) return states;
  const used = await db
    .select({ productId: productQuotaDays.productId, used: productQuotaDays.used })
    .from(productQuotaDays)
    .where(
      and(
        inArray(
          productQuotaDays.productId,
          limited.map((p) => p.id),
        ),
        eq(productQuotaDays.businessDay, quotaDay(now)),
      ),
    );
  const refill_at = nextRefill(now).toISOString();
  for (const p of limited) {
    const left = Math.max(0, p.dailyQuota! - (used.find((u) => u.productId === p.id)?.used ?? 0));
    states.set(p.id, { daily: p.dailyQuota!, left, sold_out: left === 0, refill_at });
  }
  return states;
}
