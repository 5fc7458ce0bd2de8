'use client';

import { useEffect } from 'react';
import { usePathname } from 'next/navigation';
import { memberId } from '@/lib/client/identity';
import { LOCAL_HISTORY_KEY } from '@/lib/client/local-history-key';

function hasLocalHistory(): boolean {
  try {
    return Boolean(window.localStorage.getItem(LOCAL_HISTORY_KEY));
  } catch {
    return false;
  }
}

/**
 * Hands history read before signing in to the account, on whatever page the reader lands after sign-in.
 * Checked per location change: a cookie and a localStorage read; the sync code itself loads only when there
 * is something to send, so it weighs nothing on the shell's first load.
 */
export function HistorySync() {
  const pathname = usePathname();
  useEffect(() => {
    if (!memberId() || !hasLocalHistory()) return;
    void import('@/lib/client/local-history').then((m) => m.syncLocalHistory());
  }, [pathname]);
  return null;
}
