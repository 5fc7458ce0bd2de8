'use client';

import { useEffect, useState } from 'react';
import { LOADING_DELAY_MS } from '@/lib/shared/constants';
import { MSG } from '@/lib/shared/messages';

/**
 * A thin bar across the top of the screen while a tapped link's page is on its way, shown only once the wait passes
 * `LOADING_DELAY_MS`, so a quick navigation never flashes it (docs/shell.md "Toasts, spinners, error screen,
 * navigation"). The page being left stays as it is until the new one is ready: the browsing pages have no loading
 * boundary, whose fallback made React hold every one of them back for its 300 ms reveal throttle.
 */
export function NavigationPending({ pending }: { pending: boolean }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setLate(true), LOADING_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [pending]);
  return pending && late ? <div className="navigation-pending" role="progressbar" aria-label={MSG.loading} /> : null;
}
