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

const load = () => import('./continue-card-body').then((m) => m.ContinueCardBody);
const wanted = () => hasMemberToken() || hasLocalHistory();

/**
 * Only a member or a browser with reading history can have a position, so only they load the card's code (its
 * read-log queries bring SWR): a first visit's home carries none of it.
 */
export function ContinueCardIsland() {
  return <LazyMount load={load} wanted={wanted} />;
}
