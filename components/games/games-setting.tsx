'use client';

import { useState } from 'react';
import { saveHideGames } from '@/lib/client/actions/accounts';
import { GAMES_TEXT as T } from '@/lib/shared/games-text';

/** 我的: a paid member's game recommendation switch (docs/games.md "Closing game recommendations"), kept on the member. */
export function GamesSetting({ initialHidden, icon }: { initialHidden: boolean; icon?: React.ReactNode }) {
  const [hidden, setHidden] = useState(initialHidden);
  const [busy, setBusy] = useState(false);
  const flip = () => {
    setBusy(true);
    saveHideGames(!hidden).then(
      (r) => {
        setHidden(r.hide_games);
        setBusy(false);
      },
      () => setBusy(false),
    );
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={!hidden}
      className="link-list-button"
      disabled={busy}
      onClick={flip}
      data-testid="games-setting"
    >
      {icon}
      {T.settingTitle}
      <span className="muted small"> · {hidden ? T.settingOff : T.settingOn}</span>
    </button>
  );
}
