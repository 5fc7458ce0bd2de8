'use client';

import { useEffect, useState } from 'react';

/**
 * Immersive reading's bars and the settings sheet (docs/reading.md "Immersive reading"): hidden until a tap in the
 * middle of the page; scrolling on by more than 48 px hides them again, as in the leading apps.
 */
export function useBars() {
  const [bars, setBars] = useState(false);
  const [panel, setPanel] = useState(false);

  useEffect(() => {
    if (!bars || panel) return;
    const from = window.scrollY;
    const onScroll = () => {
      if (Math.abs(window.scrollY - from) > 48) setBars(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [bars, panel]);

  return { bars, panel, setBars, setPanel, shown: bars || panel };
}
