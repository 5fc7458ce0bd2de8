'use client';

import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` below the screen; once true it stays true. Without
 * IntersectionObserver (old in-app browsers) it is true at once, so the content is never withheld.
 */
export function useNearScreen(ref: RefObject<Element | null>, margin = '600px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const el = ref.current;
    const seen =
      el && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((e) => e.isIntersecting)) return;
              seen?.disconnect();
              setNear(true);
            },
            { rootMargin: `0px 0px ${margin} 0px` },
          )
        : null;
    if (seen && el) seen.observe(el);
    else queueMicrotask(() => setNear(true));
    return () => seen?.disconnect();
  }, [ref, margin, near]);
  return near;
}
