'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { saveHideGames } from '@/lib/client/actions/accounts';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';
import { HideGamesChoice } from './hide-games-choice';

/** /m/games: the paid member's one question, then the page renders again with the answer. */
export function GamesAsk() {
  const router = useRouter();
  return <HideGamesChoice onAnswered={() => router.refresh()} />;
}

/** /m/games when the member closed game recommendations: open them again. */
export function GamesReopen() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button-primary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        saveHideGames(false).then(
          () => router.refresh(),
          () => setBusy(false),
        );
      }}
    >
      {T.reopen}
    </button>
  );
}
