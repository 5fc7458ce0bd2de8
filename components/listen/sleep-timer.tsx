'use client';

import { useEffect, useState } from 'react';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { formatClock } from '@/lib/client/listen/format-clock';
import { MSG } from '@/lib/shared/messages';

export const SLEEP_TIMER_MINUTES = [15, 30, 60, 90] as const;

/** The sleep timer: a button showing the time left, and a sheet to set or cancel it. */
export function SleepTimer({ sleepAt, onSet }: { sleepAt: number | null; onSet: (minutes: number | null) => void }) {
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!sleepAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [sleepAt]);

  const left = sleepAt ? Math.max(0, (sleepAt - now) / 1000) : 0;
  const choose = (minutes: number | null) => {
    onSet(minutes);
    setOpen(false);
  };

  return (
    <>
      <button type="button" className="listen-tool" onClick={() => setOpen(true)}>
        <span className="listen-tool-value">{sleepAt ? formatClock(left) : '关'}</span>
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
          </ul>
        </Dialog>
      ) : null}
    </>
  );
}
