import 'server-only';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import { LANGUAGE_TYPES } from '@/lib/shared/constants';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { gameClicksDaily, games } from '../db/schema';
import { invalid, notFound } from '../core/errors';
import { businessDayOf } from '@/lib/shared/business-time';
import { isGameUrl, isImageRef } from '../games/url';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';

/** Days of clicks the console shows per game. */
export const CLICK_DAYS = 7;

export interface GameInput {
  name: string;
  icon: string;
  art: string;
  description: string;
  url: string;
  category: string;
  sort: string;
  languages: number[];
}

type GameValues = Omit<typeof games.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'active'>;

/** What staff typed, checked (docs/games.md "Console"): the address must be https, images a site path or https. */
function validGame(input: GameInput): GameValues {
  const name = input.name.trim();
  if (!name || name.length > 32) throw invalid(SERVER_MSG.gameNameInvalid);
  const url = input.url.trim();
  if (!isGameUrl(url)) throw invalid(SERVER_MSG.gameUrlInvalid);
  const icon = input.icon.trim();
  const art = input.art.trim();
  if (!isImageRef(icon) || (art && !isImageRef(art))) throw invalid(SERVER_MSG.gameIconInvalid);
  const sort = input.sort.trim() === '' ? 0 : Number(input.sort.trim());
  if (!/^\d{0,6}$/.test(input.sort.trim()) || sort > 100_000) throw invalid(SERVER_MSG.gameSortInvalid);
  const languages = [...new Set(input.languages)].filter((l) => (LANGUAGE_TYPES as readonly number[]).includes(l)).sort();
  if (!languages.length) throw invalid(SERVER_MSG.gameLanguagesInvalid);
  return {
    name,
    icon,
    art: art || null,
    description: input.description.trim().slice(0, 120),
    url,
    category: input.category.trim().slice(0, 16),
    sort,
    languages,
  };
}

export async function createGame(actor: StaffActor, input: GameInput): Promise<string> {
  assertCan(actor, 'games');
  const values = validGame(input);
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(games).values(values).returning({ id: games.id });
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'game.create',
      targetType: 'game',
      targetId: row!.id,
      detail: { ...values },
      ip: actor.ip,
    });
    return values.name;
  });
}

export async function updateGame(actor: StaffActor, id: number, input: GameInput): Promise<string> {
  assertCan(actor, 'games');
  const values = validGame(input);
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(games).where(eq(games.id, id)).for('update');
    if (!before) throw notFound(SERVER_MSG.gameNotFound);
    await tx
      .update(games)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(games.id, id));
    const { createdAt: _c, updatedAt: _u, id: _i, active: _a, ...was } = before;
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'game.update',
      targetType: 'game',
      targetId: id,
      detail: { before: was, after: values },
      ip: actor.ip,
    });
    return values.name;
  });
}

/** Takes a game off every list (and its click redirect), or puts it back. */
export async function setGameActive(actor: StaffActor, id: number, active: boolean): Promise<string> {
  assertCan(actor, 'games');
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(games).where(eq(games.id, id)).for('update');
    if (!before) throw notFound(SERVER_MSG.gameNotFound);
    await tx.update(games).set({ active, updatedAt: new Date() }).where(eq(games.id, id));
    await writeAudit(tx, {
      staffId: actor.id,
      action: active ? 'game.activate' : 'game.deactivate',
      targetType: 'game',
      targetId: id,
      detail: { name: before.name },
      ip: actor.ip,
    });
    return before.name;
  });
}

export interface ConsoleGame {
  game: typeof games.$inferSelect;
  /** Clicks per business day, newest first, for the last CLICK_DAYS days (days without clicks are 0). */
  clicks: { day: string; clicks: number }[];
  total: number;
}

/** Every game, active first then by sort, with its clicks of the last week. */
export async function consoleGames(now = new Date()): Promise<{ days: string[]; rows: ConsoleGame[] }> {
  const days = Array.from({ length: CLICK_DAYS }, (_, i) => businessDayOf(new Date(now.getTime() - i * 86_400_000)));
  const [list, clicks] = await Promise.all([
    getDb().select().from(games).orderBy(desc(games.active), desc(games.sort), asc(games.id)),
    getDb()
      .select()
      .from(gameClicksDaily)
      .where(and(gte(gameClicksDaily.day, days[days.length - 1]!))),
  ]);
  return {
    days,
    rows: list.map((game) => {
      const mine = days.map((day) => ({ day, clicks: clicks.find((c) => c.gameId === game.id && c.day === day)?.clicks ?? 0 }));
      return { game, clicks: mine, total: mine.reduce((s, c) => s + c.clicks, 0) };
    }),
  };
}
