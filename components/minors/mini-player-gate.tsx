'use client';

import { useEffect, useState } from 'react';
import { useMinorsUsage } from '@/lib/client/minors/use-usage';
import { MINORS_TEXT as T } from '@/lib/shared/minors-text';
import { MinorsStopCard } from './stop-card';

/**
 * 青少年模式 for the mini player (docs/minors-mode.md "The reader's and the player's stop"): listening goes on on
 * every page, so while the mini player plays outside the listen page it sends the heartbeats the listen page's gate
 * would, and past the day's limit or in the night window it pauses the player and says why, instead of letting the
 * audio fail silently when the server refuses its next segment. Mounted only while the mini player shows, so a page
 * without it asks nothing; for a member not in the mode it renders nothing.
 */
export function MiniPlayerMinorsGate({ playing, pause }: { playing: boolean; pause: () => void }) {
  const { status, blocked } = useMinorsUsage('listen', playing);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!blocked || !playing) return;
    pause();
    setOpen(true);
  }, [blocked, playing, pause]);

  if (!blocked || !open) return null;
  return (
    <MinorsStopCard id="minors-mini-title" testId="minors-mini-gate" blocked={blocked} dailyMinutes={status?.daily_minutes ?? 0}>
      <button type="button" className="button button-block minors-prompt-dismiss" onClick={() => setOpen(false)}>
        {T.promptDismiss}
      </button>
    </MinorsStopCard>
  );
}
