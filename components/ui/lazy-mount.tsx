'use client';

import { useEffect, useState, type ComponentType } from 'react';

/**
 * Loads a component's chunk after hydration, and only when `wanted()` says this browser can use it; renders
 * nothing until then (and for good when it cannot, or the chunk fails). Keeps code that only members or returning
 * readers need out of a page's first load (docs/operations.md "First-load JavaScript").
 */
export function LazyMount({ load, wanted }: { load: () => Promise<ComponentType>; wanted: () => boolean }) {
  const [Loaded, setLoaded] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted()) return;
    let live = true;
    load().then(
      (component) => {
        if (live) setLoaded(() => component);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load, wanted]);
  return Loaded ? <Loaded /> : null;
}
