'use client';

import { useEffect, useState } from 'react';
import { LOADING_DELAY_MS } from '@/lib/shared/constants';
import { MSG } from '@/lib/shared/messages';

/** Whether `delayMs` has passed since the calling part mounted: a wait shows only once it is a noticeable one. */
export function useDelayPassed(delayMs = LOADING_DELAY_MS): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return passed;
}

/** Shown only after 200 ms, so fast loads never flash a spinner (docs/shell.md "Toasts, spinners, error screen, navigation"). */
export function DelayedSpinner({ delayMs = LOADING_DELAY_MS }: { delayMs?: number }) {
  const visible = useDelayPassed(delayMs);
  return (
    <div className="spinner-slot" role="status" aria-live="polite">
      {visible ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{MSG.loading}</span>
        </>
      ) : null}
    </div>
  );
}
