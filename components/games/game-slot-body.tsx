'use client';

import { useEffect, useState } from 'react';
import { useSlotGames } from '@/lib/client/swr/use-games';
import { adRemovalHref } from '@/lib/shared/game-links';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';
import { GameStrip } from './game-strip';
import { HideGamesChoice } from './hide-games-choice';

export interface GameSlotBodyProps {
  languageType: number;
  returnPath: string;
  /** No games for this reader (closed, ad removal, none active) or the call failed: the slot folds away. */
  onEmpty: () => void;
}

/** The slot's games, the paid member's one question and the 9.9 offer (docs/games.md "Slots"); loaded on demand. */
export function GameSlotBody({ languageType, returnPath, onEmpty }: GameSlotBodyProps) {
  const { data: page, error } = useSlotGames(languageType);
  // The member answered 留着 (keep them): the question goes, the games stay.
  const [answered, setAnswered] = useState(false);
  const empty = Boolean(error) || (page !== undefined && (page.hidden || !page.list.length));
  useEffect(() => {
    if (empty) onEmpty();
    // onEmpty is the frame's setter wrapper; the slot folds once when its answer is empty or failed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [empty]);
  if (!page || empty) return null;
  return (
    <>
      <GameStrip games={page.list} />
      {page.ask_hide && !answered ? <HideGamesChoice onAnswered={(hide) => (hide ? onEmpty() : setAnswered(true))} /> : null}
      {page.ad_removal_pid ? (
        <p className="g-offer">
          {T.offer}
          <a href={adRemovalHref(page.ad_removal_pid, returnPath)}>{T.offerLink}</a>
        </p>
      ) : null}
    </>
  );
}
