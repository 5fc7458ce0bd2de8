'use client';

import { useEffect } from 'react';
import { memberId } from '@/lib/client/identity';

/**
 * On the reader, for members: the reading surprises' watcher (docs/activity-pages.md "Surprises"), loaded after the
 * chapter is on screen so it adds nothing to the reader's first load.
 */
export function ReadingSurprises() {
  useEffect(() => {
    if (!memberId()) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('@/lib/client/surprise-watch').then((m) => {
      if (!cancelled) stop = m.watchReadingSurprises();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  return null;
}
