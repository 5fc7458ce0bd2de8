'use client';

import { useEffect, useState } from 'react';

/**
 * False until the page has painted once after hydration (an animation frame, then a task): work that measures or
 * fetches (paged mode's layout, comment counts) runs in a task of its own instead of lengthening hydration's.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
