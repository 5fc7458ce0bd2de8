import type { Metadata } from 'next';
import { connection } from 'next/server';
import { PageBar } from '@/components/shell/page-bar';
import { GameCardList } from '@/components/games/game-card-list';
import { GamesAsk, GamesReopen } from '@/components/games/games-page-choice';
import { adRemovalHref } from '@/lib/shared/game-links';
import { currentMember } from '@/lib/server/accounts/session-member';
import { listGamesFor } from '@/lib/server/games/games';
import { gameVisibility } from '@/lib/server/games/visibility';
import { DEFAULT_LANGUAGE_TYPE } from '@/lib/shared/constants';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';

export const metadata: Metadata = { title: T.gamesTitle, description: T.gamesDescription };

const PAGE = 50;

/**
 * /m/games (docs/games.md "Games"): every active game for the reader's language as a card that opens through the
 * recorded click. A paid member is asked once whether to close game recommendations; one who closed them sees
 * that, with the way back; a member without VIP is offered the 9.9 ad removal.
 */
export default async function GamesPage() {
  await connection();
  const member = await currentMember();
  const language = member?.languageType ?? DEFAULT_LANGUAGE_TYPE;
  const [page, seen] = await Promise.all([
    listGamesFor(member?.id ?? null, { language_type: language, start: 0, limit: PAGE }),
    gameVisibility(member?.id ?? null),
  ]);
  return (
    <div className="page g-page">
      <PageBar title={T.gamesTitle} parent="/m" />
      <p className="muted small">{T.gamesDescription}</p>
      {page.ask_hide ? <GamesAsk /> : null}
      {page.hidden ? (
        <div className="g-hidden-note" data-testid="games-hidden">
          <p>{seen.adFree ? T.closedByAdFree : T.closedNote}</p>
          {seen.adFree ? null : <GamesReopen />}
        </div>
      ) : page.list.length ? (
        <GameCardList games={page.list} />
      ) : (
        <p className="empty">{T.empty}</p>
      )}
      {page.ad_removal_pid ? (
        <p className="g-offer">
          {T.offer}
          <a href={adRemovalHref(page.ad_removal_pid, '/m/games')}>{T.offerLink}</a>
        </p>
      ) : null}
    </div>
  );
}
