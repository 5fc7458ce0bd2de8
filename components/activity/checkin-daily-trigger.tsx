'use client';

import { useEffect } from 'react';
import { memberId } from '@/lib/client/identity';
import { afterLoadWhenIdle } from '@/lib/client/when-idle';

/** How long the browser may wait for an idle moment before the check runs anyway. */
const IDLE_TIMEOUT_MS = 4000;

/**
 * On home: the daily check-in modal's trigger (docs/activity-pages.md "When the daily modal opens"). It renders
 * nothing and weighs almost nothing: for a signed-in member, once the page has loaded and the browser is idle, it
 * loads the rule (`lib/client/checkin-daily.ts`, its own chunk) and lets it decide. Home's first paint and
 * hydration never wait for it.
 */
export function CheckinDailyTrigger() {
  useEffect(() => {
    if (!memberId()) return;
    const aborted = new AbortController();
    const cancel = afterLoadWhenIdle(
      () => {
        if (aborted.signal.aborted) return;
        void import('@/lib/client/checkin-daily').then((m) => m.maybeOpenDailyCheckin(aborted.signal)).catch(() => undefined);
      },
      { timeoutMs: IDLE_TIMEOUT_MS },
    );
    return () => {
      aborted.abort();
      cancel();
    };
  }, []);
  return null;
}
