'use client';

import { useState, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * Whether this component's first render hydrated HTML that came with the page (true; the server's render is true
 * too) rather than rendering in the browser (a client-side navigation, a remount: false). Fixed for the component's
 * life. A part that can keep the server's markup without hydrating it (docs/listening.md "How the listen page
 * loads") asks this to know whether that markup is there.
 */
export function useCameWithPage(): boolean {
  // The server snapshot answers during the server render and hydration; the client snapshot afterwards.
  const hydrating = useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
  const [first] = useState(hydrating);
  return first;
}
