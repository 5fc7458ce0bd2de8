'use client';

import { useEffect, useState, type RefObject } from 'react';
import { onFirstInput } from '@/lib/client/first-interaction';

/** How much of an element must show for it to be on the screen: a finger's height, not a sliver at the bottom edge. */
const ON_SCREEN_PX = 48;

// Whether the reader has scrolled, tapped or pressed a key on this page yet: one listener for every island.
let moved = false;
const waiting = new Set<() => void>();
let stopListening: (() => void) | null = null;

/** Calls `run` at the reader's first input on this page (at once if it has happened); returns the cancel. */
function afterReaderMoves(run: () => void): () => void {
  if (moved) {
    run();
    return () => undefined;
  }
  waiting.add(run);
  stopListening ??= onFirstInput(() => {
    moved = true;
    stopListening = null;
    for (const w of [...waiting]) w();
    waiting.clear();
  });
  return () => waiting.delete(run);
}

/**
 * Whether the element has come within `margin` below the screen; once true it stays true. An element on the screen
 * itself (at least 48 px of it) counts at once; one only within the margin below counts from the reader's first
 * scroll, tap or key, so the islands below a page's first screen fetch their code and data while the reader moves,
 * not while a slow phone loads the page (docs/architecture.md "What a page runs at load"). Without
 * IntersectionObserver (old in-app browsers) it is true at once, so the content is never withheld.
 */
export function useNearScreen(ref: RefObject<Element | null>, margin = '600px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      queueMicrotask(() => setNear(true));
      return;
    }
    let within = false;
    let cancelWait: () => unknown = () => undefined;
    const done = () => {
      seen.disconnect();
      cancelWait();
      setNear(true);
    };
    const seen = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1]!;
        within = entry.isIntersecting;
        if (!within) return;
        if (entry.boundingClientRect.top < window.innerHeight - ON_SCREEN_PX) return done();
        cancelWait();
        cancelWait = afterReaderMoves(() => {
          if (within) done();
        });
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    seen.observe(el);
    return () => {
      seen.disconnect();
      cancelWait();
    };
  }, [ref, margin, near]);
  return near;
}
