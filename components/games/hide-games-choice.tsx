'use client';

import { useState } from 'react';
import { saveHideGames } from '@/lib/client/actions/accounts';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';

/**
 * The one question a paid member is asked (docs/games.md "Closing game recommendations"): close game
 * recommendations or keep them. Either answer is stored on the member, so no other device asks again.
 */
export function HideGamesChoice({ onAnswered }: { onAnswered: (hide: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const answer = async (hide: boolean) => {
    setBusy(true);
    try {
      const res = await saveHideGames(hide);
      onAnswered(res.hide_games);
    } catch {
      setBusy(false);
    }
  };
  return (
    <div className="g-ask" role="group" aria-labelledby="g-ask-title" data-testid="hide-games-ask">
      <p id="g-ask-title">{T.askTitle}</p>
      <div className="g-ask-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void answer(false)}>
          {T.keep}
        </button>
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void answer(true)}>
          {T.close}
        </button>
      </div>
    </div>
  );
}
