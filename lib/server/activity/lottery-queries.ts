import 'server-only';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { GameLogDto, PrizeRecordDto, WheelDto } from '@/lib/shared/dto/activity';
import type { Paged } from '@/lib/shared/dto/wallet-records';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { prizeRecords, prizes } from '../db/schema';
import { gameLog, unusedChances } from './lottery';
import { lotteryBudget } from './lottery-budget';
import { publishedOdds } from './lottery-odds';

/** GET /v1/activity/wheel: the active slots in order with their published odds, the rules, the member's chances. */
export async function getWheel(memberId: number | null): Promise<WheelDto> {
  const db = getDb();
  const [rows, budget, chances] = await Promise.all([
    db.select().from(prizes).where(eq(prizes.active, true)).orderBy(asc(prizes.sort), asc(prizes.id)),
    lotteryBudget(db),
    memberId === null ? Promise.resolve(0) : unusedChances(db, memberId),
  ]);
  const odds = publishedOdds(rows);
  return {
    prizes: rows.map((p) => ({
      id: p.id,
      name: p.name,
      reward_type: p.rewardType as WheelDto['prizes'][number]['reward_type'],
      reward: p.reward,
      odds: odds.get(p.id) ?? 0,
      daily_stock: p.dailyStock,
      fallback: p.fallback,
    })),
    chances,
    rules: SERVER_MSG.wheelRules(budget),
  };
}

const records = (memberId: number, onlyPrizes: boolean, start: number, limit: number) =>
  getDb()
    .select()
    .from(prizeRecords)
    .where(and(eq(prizeRecords.memberId, memberId), onlyPrizes ? ne(prizeRecords.rewardType, 'none') : undefined))
    .orderBy(desc(prizeRecords.createdAt), desc(prizeRecords.id))
    .offset(start)
    .limit(limit);

/** GET /v1/mall/prizes (我的奖品): what the member won, newest first; 谢谢参与 is not a prize. */
export async function listPrizeRecords(memberId: number, start: number, limit: number): Promise<Paged<PrizeRecordDto>> {
  const data = (await records(memberId, true, start, limit)).map((r) => ({
    id: r.id,
    name: r.name,
    reward: r.reward,
    reward_type: r.rewardType as PrizeRecordDto['reward_type'],
    iso_created_at: r.createdAt.toISOString(),
  }));
  return { data, hasmore: data.length >= limit };
}

/** GET /v1/activity/gamelogs (抽奖记录): every draw, 谢谢参与 included, newest first. */
export async function listGameLogs(memberId: number, start: number, limit: number): Promise<Paged<GameLogDto>> {
  const data = (await records(memberId, false, start, limit)).map(gameLog);
  return { data, hasmore: data.length >= limit };
}
