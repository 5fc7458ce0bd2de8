'use client';

import { useRef } from 'react';
import { clientIsland } from '@/components/ui/client-island';
import { OptionalIsland } from '@/components/ui/optional-island';
import { useNearScreen } from '@/components/ui/use-near-screen';

// The list, its tiles and its call load only when the listener scrolls near the end of the chapter: the listen
// page's first load carries none of them (docs/listening.md "Listen page").
const SimilarAudio = clientIsland(() => import('./similar-audio').then((m) => m.default));

/** Where the similar-audio list goes, below the chapter: a marker until it nears the screen. */
export function SimilarAudioSlot({ novelId }: { novelId: number }) {
  const marker = useRef<HTMLDivElement>(null);
  const near = useNearScreen(marker);
  // Offline its chunk may not be there: the list is left out, never the page (docs/offline.md "Offline").
  return near ? (
    <OptionalIsland>
      <SimilarAudio novelId={novelId} />
    </OptionalIsland>
  ) : (
    <div ref={marker} className="near-marker" aria-hidden="true" />
  );
}
