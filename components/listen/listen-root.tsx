'use client';

import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { requestListenHost, useListenHostWanted } from '@/lib/client/listen/registry';
import { readKey } from '@/lib/client/listen/storage';

// The player's code (controller, mini player, media session; hls.js later still) is its own chunk.
const ListenHost = dynamic(() => import('./listen-host'), { ssr: false });

/**
 * The listen player's place in the /m layout. It weighs almost nothing on first load: the host is loaded only
 * when this browser has something stored to listen to, or when the listen page asks for it.
 */
export function ListenRoot() {
  const wanted = useListenHostWanted();
  useEffect(() => {
    if (readKey('article') && readKey('novel')) requestListenHost();
  }, []);
  return wanted ? <ListenHost /> : null;
}
