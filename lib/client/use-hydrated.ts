'use client';

import { useSyncExternalStore } from 'react';

const noSubscribe = () => () => undefined;

/**
 * False in the server render and the hydrating render, true after: a server-rendered button that only acts through
 * its click handler stays disabled until the handler is attached, so an early tap is not lost (docs/activity-pages.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
