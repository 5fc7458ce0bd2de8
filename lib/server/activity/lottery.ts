import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Reward } from '@/lib/shared/activity';
import { CODES } from '@/lib/shared/dto/envelope';
import type { DrawResult, GameLogDto } from '@/lib/shared/dto/activity';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { assertNotInMinorsMode } from '../minors/mode';
import { lotteryChances, lotteryDays, prizeDays, prizeRecords, prizes } from '../db/schema';
import { ApiError } from '../core/errors';
import { grantReward } from '../wallet/activity-rewards';
import { businessDayOf } from '@/lib/shared/business-time';
import { lotteryBudget } from './lottery-budget';
import { cryptoRandom, pickByWeight, type RandomSource } from './lottery-odds';
import { lockMemberWallet } from '../wallet/spend';

type PrizeRow = typeof prizes.$inferSelect;

/** The member's unused lottery chances. */
export async function unusedChances(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lotteryChances)
    .where(and(eq(lotteryChances.memberId, memberId), isNull(lotteryChances.usedAt)));
  return row?.n ?? 0;
}

/**
 * Takes the member's oldest unused chance in one statement: the row is locked by the subquery and skipped by every
 * other draw racing for it, so one chance is spent by exactly one draw. Null when none is left.
 */
async function takeChance(tx: Tx, memberId: number, now: Date): Promise<number | null> {
  const [row] = await tx
    .update(lotteryChances)
    .set({ usedAt: now })
    .where(
      eq(
        lotteryChances.id,
        sql`(select id from ${lotteryChances} where ${lotteryChances.memberId} = ${memberId} and ${lotteryChances.usedAt} is null
          order by id limit 1 for update skip locked)`,
      ),
    )
    .returning({ id: lotteryChances.id });
  return row?.id ?? null;
}

/**
 * Whether the drawn prize can be given today: its cost fits what is left of the budget and a unit of its daily stock
 * is left. Each check is the conditional statement that also counts it, so no two draws can both take the last
 * unit or the last of the budget; a stock refusal gives back the cost just counted (same transaction).
 */
async function claimPrize(tx: Tx, prize: PrizeRow, day: string, budget: number): Promise<boolean> {
  if (prize.cost > 0) {
    const spent = await tx
      .update(lotteryDays)
      .set({ spent: sql`${lotteryDays.spent} + ${prize.cost}` })
      .where(and(eq(lotteryDays.day, day), sql`${lotteryDays.spent} + ${prize.cost} <= ${budget}`))
      .returning({ spent: lotteryDays.spent });
    if (!spent.length) return false;
  }
  const stock = prize.dailyStock;
  const counted =
    stock !== null && stock <= 0
      ? []
      : await tx
          .insert(prizeDays)
          .values({ prizeId: prize.id, day, drawn: 1 })
          .onConflictDoUpdate({
            target: [prizeDays.prizeId, prizeDays.day],
            set: { drawn: sql`${prizeDays.drawn} + 1` },
            setWhere: stock === null ? undefined : sql`${prizeDays.drawn} < ${stock}`,
          })
          .returning({ drawn: prizeDays.drawn });
  if (counted.length) return true;
  if (prize.cost > 0)
    await tx
      .update(lotteryDays)
      .set({ spent: sql`${lotteryDays.spent} - ${prize.cost}` })
      .where(eq(lotteryDays.day, day));
  return false;
}

export function gameLog(r: { id: number; name: string; reward: number; rewardType: string; createdAt: Date }): GameLogDto {
  return {
    id: r.id,
    name: r.name,
    reward: r.reward,
    reward_type: r.rewardType as GameLogDto['reward_type'],
    iso_created_at: r.createdAt.toISOString(),
  };
}

/**
 * POST /v1/activity/draw (docs/activity-wheel.md "Prize wheel"). One transaction: spend one chance, lock the
 * member's wallet, count the draw on the day's row (which queues draws one behind another, so the stock and
 * budget checks see every earlier draw), pick a slot by weight, give it if its stock and the day's budget allow,
 * else the fallback slot (谢谢参与), record it and pay it. No chance: 409 and nothing written.
 */
export async function drawPrize(memberId: number, now = new Date(), random: RandomSource = cryptoRandom): Promise<DrawResult> {
  // No lottery in 青少年模式 (docs/minors-mode.md "No paying"); refused before a chance is taken.
  await assertNotInMinorsMode(memberId, getDb(), now);
  return getDb().transaction(async (tx) => {
    const chanceId = await takeChance(tx, memberId, now);
    if (chanceId === null) throw new ApiError(CODES.conflict, SERVER_MSG.noLotteryChance);
    // Same lock order as purchases and tips (docs/wallet.md "Ledger"): the wallet, then what the draw counts.
    await lockMemberWallet(tx, memberId);
    const day = businessDayOf(now);
    await tx
      .insert(lotteryDays)
      .values({ day, draws: 1 })
      .onConflictDoUpdate({ target: lotteryDays.day, set: { draws: sql`${lotteryDays.draws} + 1` } });
    const rows = await tx.select().from(prizes).orderBy(asc(prizes.sort), asc(prizes.id));
    const fallback = rows.find((p) => p.fallback);
    const picked = pickByWeight(
      rows.filter((p) => p.active),
      random,
    );
    const won = picked && !picked.fallback && (await claimPrize(tx, picked, day, await lotteryBudget(tx))) ? picked : fallback;
    // Without a fallback slot the wheel cannot run: the error rolls the chance back.
    if (!won) throw new ApiError(CODES.conflict, SERVER_MSG.wheelClosed);
    if (won === fallback)
      await tx
        .insert(prizeDays)
        .values({ prizeId: won.id, day, drawn: 1 })
        .onConflictDoUpdate({ target: [prizeDays.prizeId, prizeDays.day], set: { drawn: sql`${prizeDays.drawn} + 1` } });
    const [record] = await tx
      .insert(prizeRecords)
      .values({ memberId, prizeId: won.id, name: won.name, rewardType: won.rewardType, reward: won.reward, chanceId, createdAt: now })
      .returning();
    if (won.rewardType !== 'none')
      await grantReward(
        tx,
        memberId,
        { type: won.rewardType as Reward['type'], amount: won.reward },
        { kind: 'prize', key: String(chanceId) },
        now,
      );
    return { record: gameLog(record!), prize_id: won.id, chances: await unusedChances(tx, memberId) };
  });
}
