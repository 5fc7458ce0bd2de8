import 'server-only';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { LOTTERY_BUDGET_CONFIG_KEY } from '@/lib/shared/activity';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { configFlags, coupons, lotteryDays, prizeDays, prizes } from '../db/schema';
import { invalid, notFound } from '../core/errors';
import { businessDayOf } from '@/lib/shared/business-time';
import { lotteryBudget } from '../activity/lottery-budget';
import { publishedOdds } from '../activity/lottery-odds';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';

/**
 * The console's activity page (docs/activity-wheel.md "Console"): today's draws and spend per prize against the
 * day's budget, and the staff's edits of prizes, the budget and the coupon mall's stock, each with its audit row.
 */

export const PRIZE_WEIGHT_MAX = 1_000_000;
export const PRIZE_STOCK_MAX = 1_000_000;
export const PRIZE_COST_MAX = 10_000_000;
export const LOTTERY_BUDGET_MAX = 100_000_000;
export const MALL_STOCK_MAX = 10_000_000;

export interface PrizeToday {
  id: number;
  name: string;
  rewardType: string;
  reward: number;
  weight: number;
  odds: number;
  dailyStock: number | null;
  cost: number;
  active: boolean;
  fallback: boolean;
  drawn: number;
  /** Draws today × the prize's current cost: what it took of the budget (exact while staff leave the cost alone). */
  spend: number;
}

export interface ActivityToday {
  day: string;
  budget: number;
  spent: number;
  draws: number;
  prizes: PrizeToday[];
  coupons: Array<{
    id: number;
    name: string;
    thresholdPrice: number;
    discount: number;
    mallStock: number | null;
    mallClaimed: number;
  }>;
}

export async function activityToday(now = new Date()): Promise<ActivityToday> {
  const db = getDb();
  const day = businessDayOf(now);
  const [rows, drawn, [totals], budget, couponRows] = await Promise.all([
    db.select().from(prizes).orderBy(asc(prizes.sort), asc(prizes.id)),
    db.select().from(prizeDays).where(eq(prizeDays.day, day)),
    db.select().from(lotteryDays).where(eq(lotteryDays.day, day)),
    lotteryBudget(db),
    db.select().from(coupons).where(eq(coupons.active, true)).orderBy(asc(coupons.sort), asc(coupons.id)),
  ]);
  const drawnBy = new Map(drawn.map((r) => [r.prizeId, r.drawn]));
  const odds = publishedOdds(rows.filter((p) => p.active));
  return {
    day,
    budget,
    spent: totals?.spent ?? 0,
    draws: totals?.draws ?? 0,
    prizes: rows.map((p) => {
      const n = drawnBy.get(p.id) ?? 0;
      return {
        id: p.id,
        name: p.name,
        rewardType: p.rewardType,
        reward: p.reward,
        weight: p.weight,
        odds: odds.get(p.id) ?? 0,
        dailyStock: p.dailyStock,
        cost: p.cost,
        active: p.active,
        fallback: p.fallback,
        drawn: n,
        spend: n * p.cost,
      };
    }),
    coupons: couponRows.map((c) => ({
      id: c.id,
      name: c.name,
      thresholdPrice: c.thresholdPrice,
      discount: c.discount,
      mallStock: c.mallStock,
      mallClaimed: c.mallClaimed,
    })),
  };
}

/** A whole number typed into a form: digits only, within [0, max]; '' is null when `empty` allows it. */
function count(raw: string, max: number, message: string, empty = false): number | null {
  const v = raw.trim();
  if (v === '' && empty) return null;
  if (!/^\d{1,10}$/.test(v) || Number(v) > max) throw invalid(message);
  return Number(v);
}

export interface PrizeEdit {
  weight: string;
  dailyStock: string;
  cost: string;
  active: boolean;
}

/** A prize's weight, daily stock (empty: no limit), cost and active flag. The fallback stays on, unlimited and free. */
export async function updatePrize(actor: StaffActor, id: number, edit: PrizeEdit): Promise<string> {
  assertCan(actor, 'activity');
  const weight = count(edit.weight, PRIZE_WEIGHT_MAX, SERVER_MSG.prizeWeightInvalid)!;
  const dailyStock = count(edit.dailyStock, PRIZE_STOCK_MAX, SERVER_MSG.prizeStockInvalid, true);
  const cost = count(edit.cost, PRIZE_COST_MAX, SERVER_MSG.prizeCostInvalid)!;
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(prizes).where(eq(prizes.id, id)).for('update');
    if (!before) throw notFound(SERVER_MSG.prizeNotFound);
    if (before.fallback && (!edit.active || dailyStock !== null || cost !== 0)) throw invalid(SERVER_MSG.prizeFallbackActive);
    await tx.update(prizes).set({ weight, dailyStock, cost, active: edit.active }).where(eq(prizes.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'prize.update',
      targetType: 'prize',
      targetId: id,
      detail: {
        name: before.name,
        before: { weight: before.weight, daily_stock: before.dailyStock, cost: before.cost, active: before.active },
        after: { weight, daily_stock: dailyStock, cost, active: edit.active },
      },
      ip: actor.ip,
    });
    return before.name;
  });
}

/** The wheel's daily budget in coin units (config_flags, read by every draw). */
export async function setLotteryBudget(actor: StaffActor, raw: string): Promise<number> {
  assertCan(actor, 'activity');
  const budget = count(raw, LOTTERY_BUDGET_MAX, SERVER_MSG.lotteryBudgetInvalid)!;
  await getDb().transaction(async (tx) => {
    const before = await lotteryBudget(tx);
    await tx
      .insert(configFlags)
      .values({ key: LOTTERY_BUDGET_CONFIG_KEY, value: budget })
      .onConflictDoUpdate({ target: configFlags.key, set: { value: budget, updatedAt: new Date() } });
    await writeAudit(tx, { staffId: actor.id, action: 'lottery.budget', detail: { before, after: budget }, ip: actor.ip });
  });
  return budget;
}

/**
 * A coupon's stock in the mall (empty: taken out of the mall). Never below what members already claimed: the update
 * only passes while claims fit, so a claim racing the edit cannot end above the new stock.
 */
export async function setMallStock(actor: StaffActor, couponId: number, raw: string): Promise<void> {
  assertCan(actor, 'activity');
  const stock = count(raw, MALL_STOCK_MAX, SERVER_MSG.mallStockInvalid, true);
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, couponId));
    if (!before) throw notFound(SERVER_MSG.mallCouponNotFound);
    const updated = await tx
      .update(coupons)
      .set({ mallStock: stock })
      .where(and(eq(coupons.id, couponId), stock === null ? undefined : gte(sql`${stock}::int`, coupons.mallClaimed)))
      .returning({ claimed: coupons.mallClaimed });
    if (!updated.length) {
      const [now] = await tx.select({ claimed: coupons.mallClaimed }).from(coupons).where(eq(coupons.id, couponId));
      throw invalid(SERVER_MSG.mallStockBelowClaimed(now?.claimed ?? before.mallClaimed));
    }
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'coupon.mall_stock',
      targetType: 'coupon',
      targetId: couponId,
      detail: { name: before.name, before: before.mallStock, after: stock, claimed: updated[0]!.claimed },
      ip: actor.ip,
    });
  });
}
