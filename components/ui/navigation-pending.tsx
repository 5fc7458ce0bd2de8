'use client';

import { MSG } from '@/lib/shared/messages';
import { useDelayPassed } from './delayed-spinner';

/** The bar itself, mounted for one wait: it shows once the wait passes `LOADING_DELAY_MS`. */
function PendingBar() {
  return useDelayPassed() ? <div className="navigation-pending" role="progressbar" aria-label={MSG.loading} /> : null;
}

/**
 * A thin bar across the top of the screen while a navigation's page is on its way (./use-pending-navigation.tsx),
 * shown only once the wait passes `LOADING_DELAY_MS`, so a quick navigation never flashes it (docs/shell.md "Toasts,
 * spinners, error screen, navigation"). The page being left stays as it is until the new one is ready: the browsing
 * and wallet pages have no loading boundary, whose fallback made React hold every one of them back for its 300 ms
 * reveal throttle.
 */
export function NavigationPending({ pending }: { pending: boolean }) {
  return pending ? <PendingBar /> : null;
}
