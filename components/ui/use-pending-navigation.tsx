'use client';

import { useRouter } from 'next/navigation';
import { useMemo, useTransition } from 'react';
import { NavigationPending } from './navigation-pending';

/**
 * The router's navigations made by code (a form sent, a button that leads to a page) in a transition of the
 * caller's, so they show what a tapped link shows: the page stays until the next one is ready, and past
 * `LOADING_DELAY_MS` a thin bar at the top (docs/shell.md "Toasts, spinners, error screen, navigation"). The caller
 * renders `bar` anywhere; it is fixed over the page. `refresh` (the same page drawn again, after a change the
 * server renders, such as the content language) waits the same way.
 */
export function usePendingNavigation() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // One object for the router's life, so an effect that navigates can depend on it.
  const navigation = useMemo(
    () => ({
      push: (...args: Parameters<typeof router.push>) => startTransition(() => router.push(...args)),
      replace: (...args: Parameters<typeof router.replace>) => startTransition(() => router.replace(...args)),
      refresh: () => startTransition(() => router.refresh()),
      prefetch: (href: string) => router.prefetch(href),
    }),
    [router],
  );
  return { navigation, bar: <NavigationPending pending={pending} /> };
}
