'use client';

import { Dialog, DialogClose } from '@/components/ui/dialog';
import type { SleepChoice } from '@/lib/client/listen/sleep-plan';
import { MSG } from '@/lib/shared/messages';

export const SLEEP_TIMER_MINUTES = [15, 30, 60, 90] as const;

/** The sleep timer's sheet: off, minutes or 本集结束 (docs/listening.md "Sleep timer"). Loaded at the first tap. */
export default function SleepSheet({
  sleepAt,
  onChoose,
  onClose,
}: {
  sleepAt: number | null;
  onChoose: (choice: SleepChoice) => void;
  onClose: () => void;
}) {
  return (
    <Dialog label={MSG.sleepTimerTitle} onClose={onClose}>
      <div className="dialog-head">
        <h2 className="dialog-title">{MSG.sleepTimerTitle}</h2>
      </div>
      <DialogClose onClose={onClose} />
      <ul className="listen-options">
        <li>
          <button type="button" className="listen-option" aria-pressed={!sleepAt} onClick={() => onChoose(null)}>
            {MSG.sleepTimerOff}
          </button>
        </li>
        {SLEEP_TIMER_MINUTES.map((m) => (
          <li key={m}>
            <button type="button" className="listen-option" onClick={() => onChoose(m)}>
              {MSG.sleepTimerSet(m)}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className="listen-option" aria-pressed={sleepAt === -1} onClick={() => onChoose('chapter')}>
            {MSG.sleepTimerChapterEnd}
          </button>
        </li>
      </ul>
    </Dialog>
  );
}
