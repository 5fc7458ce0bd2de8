'use client';

import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';

export type ClientIsland<P> = ComponentType<P> & {
  /** Fetches the island's code ahead of its first render (a button that opens it, near the screen or touched). */
  preload(): Promise<unknown>;
};

/**
 * A part rendered in the browser only, whose code is its own chunk fetched the first time it is rendered (or ahead,
 * with `preload`) — what `next/dynamic` with `ssr: false` does, without its Suspense boundary. React holds back the
 * reveal of a boundary that has just shown its fallback (its throttle, 300 ms), so a sheet opened by a tap appeared a
 * third of a second after its code was there, on any phone (docs/architecture.md "What a tap runs"). Here
 * the island renders nothing until its code has loaded and then renders at once; once loaded, every later render
 * (the sheet opened again) is immediate. A chunk that cannot be fetched throws from the island's render, as
 * next/dynamic's does, for the `OptionalIsland` around it to catch.
 */
export function clientIsland<P extends object>(load: () => Promise<ComponentType<P>>): ClientIsland<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const fetchCode = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        listeners.forEach((listener) => listener());
        return component;
      },
      (error: unknown) => {
        // The next render may try again (back online).
        pending = null;
        throw error;
      },
    ));

  function Island(props: P) {
    // The server's snapshot is null: a page hydrating renders nothing here, as its HTML has nothing.
    const Loaded = useSyncExternalStore(
      subscribe,
      () => loaded,
      () => null,
    );
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      fetchCode().catch((error: unknown) => {
        if (live) setFailure({ error });
      });
      return () => {
        live = false;
      };
    }, [Loaded]);
    if (failure) throw failure.error;
    return Loaded ? <Loaded {...props} /> : null;
  }
  Island.preload = () => fetchCode().catch(() => undefined);
  return Island;
}
