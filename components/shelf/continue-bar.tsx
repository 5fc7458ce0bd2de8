'use client';

import { hasMemberToken } from '@/lib/client/identity';
import { LOCAL_HISTORY_KEY } from '@/lib/client/local-history-key';
import { LazyMount } from '@/components/ui/lazy-mount';

/** Whether this browser holds any reading history, without loading the history module. */
function hasLocalHistory(): boolean {
  try {
    return Boolean(window.localStorage.getItem(LOCAL_HISTORY_KEY));
  } catch {
    return false;
  }
}

const load = () => import('./continue-bar-body').then((m) => m.ContinueBarBody);
const wanted = () => hasMemberToken() || hasLocalHistory();

/**
 * Home's continue bar (docs/reading.md "Positions and read logs"). Only a member or a browser with reading history
 * can have a position, so only they load the bar's code (its read-log query brings SWR): a first visit's home
 * carries none of it. The bar floats above the tab bar, so arriving a moment after hydration moves nothing.
 */
export function ContinueBar() {
  return <LazyMount load={load} wanted={wanted} />;
}
