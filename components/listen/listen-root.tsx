'use client';

import { useEffect } from 'react';
import { clientIsland } from '@/components/ui/client-island';
import { requestListenHost, useListenHostWanted } from '@/lib/client/listen/registry';
import { readKey } from '@/lib/client/listen/storage';
import { inOwnTask } from '@/lib/client/own-task';

// The player's code (controller, mini player, media session; hls.js later still) is its own chunk. An island, not
// next/dynamic: React's reveal throttle held the player (and the listen page's play button) back a third of a second
// after the chunk had come (components/ui/client-island.tsx).
const ListenHost = clientIsland(() => import('./listen-host').then((m) => m.default));

/**
 * The listen player's place in the /m layout. It weighs almost nothing on first load: the host is loaded only
 * when this browser has something stored to listen to, or when the listen page asks for it.
 */
export function ListenRoot() {
  const wanted = useListenHostWanted();
  // The page's first local-storage read stalls while the browser loads the storage (up to 49 ms at 6×, measured in
  // docs/operations.md): in hydration's task every /m page paid it inside its longest task.
  useEffect(() => {
    inOwnTask(() => {
      if (readKey('article') && readKey('novel')) requestListenHost();
    });
  }, []);
  return wanted ? <ListenHost /> : null;
}
