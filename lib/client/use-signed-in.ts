'use client';

import { useSyncExternalStore } from 'react';
import { memberId } from './identity';

const noSubscribe = () => () => undefined;

/**
 * Signed in = the readable member id cookie. The server render (an ISR page shared by everyone) has no
 * cookie, so the first client render matches it and the member's view follows right after hydration.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => Boolean(memberId()),
    () => false,
  );
}
