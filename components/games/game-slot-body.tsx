'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/client/api';
import type { GamesPage } from '@/lib/shared/dto/games';
import { adRemovalHref } from '@/lib/shared/game-links';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';
import { GameStrip } from './game-strip';
import { HideGamesChoice } from './hide-games-choice';

const SLOT_SIZE = 4;

export interface GameSlotBodyProps {
  languageType: number;
  returnPath: string;
  /** No games for this reader (closed, ad removal, none active) or the call failed: the slot folds away. */
  onEmpty: () => void;
}

/** The slot's games, the paid member's one question and the 9.9 offer (docs/games.md "Slots"); loaded on demand. */
export function GameSlotBody({ languageType, returnPath, onEmpty }: GameSlotBodyProps) {
  const [page, setPage] = useState<GamesPage | null>(null);
  useEffect(() => {
    let live = true;
    api<GamesPage>('/v1/games', { query: { language_type: languageType, limit: SLOT_SIZE }, silent: true }).then(
      (p) => live && (p.hidden || !p.list.length ? onEmpty() : setPage(p)),
      () => live && onEmpty(),
    );
    return () => {
      live = false;
    };
    // onEmpty is the frame's setter wrapper; the list is asked for once per language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [languageType]);
  if (!page) return null;
  return (
    <>
      <GameStrip games={page.list} />
      {page.ask_hide ? <HideGamesChoice onAnswered={(hide) => (hide ? onEmpty() : setPage({ ...page, ask_hide: false }))} /> : null}
      {page.ad_removal_pid ? (
        <p className="g-offer">
          {T.offer}
          <a href={adRemovalHref(page.ad_removal_pid, returnPath)}>{T.offerLink}</a>
        </p>
      ) : null}
    </>
  );
}
