'use client';

import { useEffect } from 'react';
import { usePathname } from 'next/navigation';
import { syncLocalHistory } from '@/lib/client/local-history';

/**
 * Hands history read before signing in to the account, on whatever page the reader lands after sign-in.
 * Checked per location change; costs a cookie and a localStorage read unless there is something to send.
 */
export function HistorySync() {
  const pathname = usePathname();
  useEffect(() => {
    void syncLocalHistory();
  }, [pathname]);
  return null;
}
