import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { gamePreferences } from '../db/schema';
import { getPeriodState } from '../wallet/vip';

export interface GameVisibility {
  /** No game recommendation is sent to this reader. */
  hidden: boolean;
  /** Paid member who has not answered yet. */
  askHide: boolean;
  /** Signed in, not VIP: offered the 9.9 ad removal instead of the question. */
  offerAdRemoval: boolean;
  hideGames: boolean;
  answered: boolean;
  /** The permanent ad removal (9.9) is active. */
  adFree: boolean;
}

/**
 * Who gets game recommendations (docs/games.md "Closing game recommendations"): everyone, except a VIP member who
 * chose to close them (a VIP benefit: the choice rests while the VIP has lapsed) and a member with the permanent ad
 * removal (9.9), who gets neither ads nor games.
 */
export async function gameVisibility(memberId: number | null, now = new Date()): Promise<GameVisibility> {
  if (!memberId) return { hidden: false, askHide: false, offerAdRemoval: false, hideGames: false, answered: false, adFree: false };
  const db = getDb();
  const [[pref], vip, adFree] = await Promise.all([
    db.select().from(gamePreferences).where(eq(gamePreferences.memberId, memberId)),
    getPeriodState(memberId, 'vip', db, now),
    getPeriodState(memberId, 'ad_free', db, now),
  ]);
  const hideGames = pref?.hideGames ?? false;
  const hidden = adFree.active || (vip.active && hideGames);
  return {
    hidden,
    askHide: vip.active && !pref && !adFree.active,
    offerAdRemoval: !vip.active && !adFree.active,
    hideGames,
    answered: Boolean(pref),
    adFree: adFree.active,
  };
}

/** POST /v1/my/settings {hide_games}: stored on the member, so every device follows it. */
export async function setHideGames(memberId: number, hideGames: boolean): Promise<{ hide_games: boolean }> {
  const now = new Date();
  await getDb()
    .insert(gamePreferences)
    .values({ memberId, hideGames, answeredAt: now })
    .onConflictDoUpdate({ target: gamePreferences.memberId, set: { hideGames, answeredAt: now } });
  return { hide_games: hideGames };
}
