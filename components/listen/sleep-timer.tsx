'use client';

import { useEffect, useState } from 'react';
import { clientIsland } from '@/components/ui/client-island';
import { OptionalIsland } from '@/components/ui/optional-island';
import { formatClock } from '@/lib/client/listen/format-clock';
import type { SleepChoice } from '@/lib/client/listen/sleep-plan';
import { MSG } from '@/lib/shared/messages';

// The sheet (and the dialog's code) loads at the first tap (docs/listening.md "How the listen page loads").
const SleepSheet = clientIsland(() => import('./sleep-sheet').then((m) => m.default));

/**
 * The sleep timer: a button showing the time left, and a sheet to set or cancel it — minutes or 本集结束 (the end
 * of this chapter; `sleepAt` is then -1). docs/listening.md "Sleep timer".
 */
export function SleepTimer({ sleepAt, onSet }: { sleepAt: number | null; onSet: (choice: SleepChoice) => void }) {
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!sleepAt || sleepAt < 0) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [sleepAt]);

  const left = sleepAt ? Math.max(0, (sleepAt - now) / 1000) : 0;
  const choose = (choice: SleepChoice) => {
    onSet(choice);
    setOpen(false);
  };

  return (
    <>
      {/* The finger's first touch starts fetching the sheet, so it is there by the click. */}
      <button type="button" className="listen-tool" onPointerDown={() => void SleepSheet.preload()} onClick={() => setOpen(true)}>
        <span className="listen-tool-value">{sleepAt === -1 ? MSG.sleepTimerChapterEnd : sleepAt ? formatClock(left) : '关'}</span>
        <span className="listen-tool-label">{MSG.sleepTimerTitle}</span>
      </button>
      {open ? (
        // Offline its chunk may not be there: no sheet, never a broken page (docs/offline.md "Offline").
        <OptionalIsland>
          <SleepSheet sleepAt={sleepAt} onChoose={choose} onClose={() => setOpen(false)} />
        </OptionalIsland>
      ) : null}
    </>
  );
}
