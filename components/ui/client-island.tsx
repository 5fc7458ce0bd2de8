'use client';

import { startTransition, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { inOwnTask } from '@/lib/client/own-task';

export type ClientIsland<P> = ComponentType<P> & {
  /** Fetches the island's code ahead of its first render (a button that opens it, near the screen or touched). */
  preload(): Promise<unknown>;
};

/**
 * A part rendered in the browser only, whose code is its own chunk fetched the first time it is rendered (or ahead,
 * with `preload`) — what `next/dynamic` with `ssr: false` does, without its Suspense boundary. React holds back the
 * reveal of a boundary that has just shown its fallback (its throttle, 300 ms), so a sheet opened by a tap appeared a
 * third of a second after its code was there, on any phone (docs/architecture.md "What a tap runs"). Here the island
 * renders nothing until its code has loaded, then renders it without a fallback (as a transition when the code comes
 * while the island waits); once loaded, every later render (the sheet opened again) is immediate. A chunk that cannot
 * be fetched throws from the island's render, as next/dynamic's does, for the `OptionalIsland` around it to catch.
 */
export function clientIsland<P extends object>(load: () => Promise<ComponentType<P>>): ClientIsland<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchCode = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // The next render may try again (back online).
        pending = null;
        throw error;
      },
    ));

  function Island(props: P) {
    // The server's snapshot is null: a page hydrating renders nothing here, as its HTML has nothing. Any render after
    // the code has come reads it, so an island opened by a tap once preloaded shows in the tap's own frame.
    const Loaded = useSyncExternalStore(
      subscribeToNothing,
      () => loaded,
      () => null,
    );
    const [, setArrived] = useState(false);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      // The chunk is asked for in a task of its own: adding its script element costs a slow phone tens of
      // milliseconds, which the effects of the commit that mounted the island (hydration's, on a page that shows one
      // at once) would otherwise carry in their task.
      inOwnTask(() => {
        if (!live) return;
        fetchCode().then(
          // Code that comes while the island waits is rendered as a transition, not by a store's notice, which React
          // renders synchronously with its effects in the same task: the listen page's player arriving after hydration
          // made one task of 553 ms at 6× that way (docs/architecture.md "What a page runs at load").
          () => live && startTransition(() => setArrived(true)),
          (error: unknown) => live && setFailure({ error }),
        );
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

/** The island's code is read on each render and only ever goes from absent to present: there is nothing to subscribe to. */
function subscribeToNothing() {
  return () => undefined;
}
