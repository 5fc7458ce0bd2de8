import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE_TYPE } from '@/lib/shared/constants';
import type { GameDto, GamesPage } from '@/lib/shared/dto/games';
import { SERVER_MSG } from '@/lib/server/messages';
import { getDb } from '../db/client';
import { gameClicksDaily, games, products } from '../db/schema';
import { notFound } from '../core/errors';
import { businessDayOf } from '@/lib/shared/business-time';
import { gameVisibility } from './visibility';
import { isGameUrl } from './url';

type GameRow = typeof games.$inferSelect;

/** Where a game card links: the recorded click, which then sends the reader on (docs/games.md "Games"). */
export const gameHref = (id: number) => `/games/go/${id}`;

export function toGameDto(g: GameRow): GameDto {
  return { id: g.id, name: g.name, icon: g.icon, art: g.art, description: g.description, category: g.category, href: gameHref(g.id) };
}

/** Active games for one language, by sort then id. */
export async function activeGames(languageType: number, start: number, limit: number): Promise<{ list: GameDto[]; has_more: boolean }> {
  const rows = await getDb()
    .select()
    .from(games)
    .where(and(eq(games.active, true), sql`${games.languages} @> ${JSON.stringify([languageType])}::jsonb`))
    .orderBy(desc(games.sort), asc(games.id))
    .offset(start)
    .limit(limit + 1);
  return { list: rows.slice(0, limit).map(toGameDto), has_more: rows.length > limit };
}

async function adRemovalPid(): Promise<number | null> {
  const [row] = await getDb()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.productType, 'ad_removal'), eq(products.active, true)))
    .orderBy(asc(products.sort), asc(products.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * GET /v1/games: the page of games for this reader, or none at all when they closed game recommendations (or
 * bought the ad removal); with whether to ask a paid member, and the ad-removal product to offer everyone else.
 */
export async function listGamesFor(
  memberId: number | null,
  q: { language_type?: number; start: number; limit: number },
): Promise<GamesPage> {
  const seen = await gameVisibility(memberId);
  const pid = memberId && seen.offerAdRemoval ? await adRemovalPid() : null;
  const base = { hidden: seen.hidden, ask_hide: seen.askHide, ad_removal_pid: pid };
  if (seen.hidden) return { list: [], has_more: false, ...base };
  return { ...(await activeGames(q.language_type ?? DEFAULT_LANGUAGE_TYPE, q.start, q.limit)), ...base };
}

/**
 * /games/go/{id}: the staff-entered address (checked once more), and one more click for today when `shouldCount`
 * says so — asked only for a game that can be opened, so an unknown id claims nothing (docs/games.md "Games").
 */
export async function clickGame(
  id: number,
  { shouldCount = async () => true, now = new Date() }: { shouldCount?: (day: string) => Promise<boolean>; now?: Date } = {},
): Promise<string> {
  const [game] = await getDb().select({ url: games.url, active: games.active }).from(games).where(eq(games.id, id));
  if (!game || !game.active || !isGameUrl(game.url)) throw notFound(SERVER_MSG.gameNotFound);
  const day = businessDayOf(now);
  if (!(await shouldCount(day))) return game.url;
  await getDb()
    .insert(gameClicksDaily)
    .values({ gameId: id, day, clicks: 1 })
    .onConflictDoUpdate({ target: [gameClicksDaily.gameId, gameClicksDaily.day], set: { clicks: sql`${gameClicksDaily.clicks} + 1` } });
  return game.url;
}
