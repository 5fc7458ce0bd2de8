'use client';

import { usePendingNavigation } from '@/components/ui/use-pending-navigation';
import { useState } from 'react';
import { saveHideGames } from '@/lib/client/actions/accounts';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';
import { HideGamesChoice } from './hide-games-choice';

/** /m/games: the paid member's one question, then the page renders again with the answer. */
export function GamesAsk() {
  const { navigation, bar } = usePendingNavigation();
  return (
    <>
      {bar}
      <HideGamesChoice onAnswered={() => navigation.refresh()} />
    </>
  );
}

/** /m/games when the member closed game recommendations: open them again. */
export function GamesReopen() {
  const { navigation, bar } = usePendingNavigation();
  const [busy, setBusy] = useState(false);
  return (
    <>
      {bar}
      <button
        type="button"
        className="button button-primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          saveHideGames(false).then(
            () => navigation.refresh(),
            () => setBusy(false),
          );
        }}
      >
        {T.reopen}
      </button>
    </>
  );
}
