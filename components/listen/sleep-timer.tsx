'use client';

import { useEffect, useState } from 'react';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { formatClock } from '@/lib/client/listen/format-clock';
import type { SleepChoice } from '@/lib/client/listen/sleep-plan';
import { MSG } from '@/lib/shared/messages';

export const SLEEP_TIMER_MINUTES = [15, 30, 60, 90] as const;

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
      <button type="button" className="listen-tool" onClick={() => setOpen(true)}>
        <span className="listen-tool-value">{sleepAt === -1 ? MSG.sleepTimerChapterEnd : sleepAt ? formatClock(left) : '关'}</span>
        <span className="listen-tool-label">{MSG.sleepTimerTitle}</span>
      </button>
      {open ? (
        <Dialog label={MSG.sleepTimerTitle} onClose={() => setOpen(false)}>
          <div className="dialog-head">
            <h2 className="dialog-title">{MSG.sleepTimerTitle}</h2>
          </div>
          <DialogClose onClose={() => setOpen(false)} />
          <ul className="listen-options">
            <li>
              <button type="button" className="listen-option" aria-pressed={!sleepAt} onClick={() => choose(null)}>
                {MSG.sleepTimerOff}
              </button>
            </li>
            {SLEEP_TIMER_MINUTES.map((m) => (
              <li key={m}>
                <button type="button" className="listen-option" onClick={() => choose(m)}>
                  {MSG.sleepTimerSet(m)}
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="listen-option" aria-pressed={sleepAt === -1} onClick={() => choose('chapter')}>
                {MSG.sleepTimerChapterEnd}
              </button>
            </li>
          </ul>
        </Dialog>
      ) : null}
    </>
  );
}
