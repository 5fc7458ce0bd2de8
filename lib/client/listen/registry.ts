'use client';

import { startTransition, useEffect, useState } from 'react';
import type { ListenController } from './controller';

/**
 * Where the one listen controller of this visit can be found, and whether the layout should mount the listen
 * host (which loads the player code) yet. Kept tiny: the /m layout imports it on every page.
 */
let controller: ListenController | null = null;
let hostWanted = false;
const subscribers = new Set<() => void>();
const notify = () => subscribers.forEach((fn) => fn());
const subscribe = (fn: () => void) => {
  subscribers.add(fn);
  return () => {
    subscribers.delete(fn);
  };
};

export function registerListenController(c: ListenController | null): void {
  controller = c;
  notify();
}

export function listenController(): ListenController | null {
  return controller;
}

/**
 * A registry value as a component's state, changed in a transition. React renders an external store's change
 * (useSyncExternalStore) synchronously, in the task that made it: on the listen page the controller's arrival
 * re-rendered the whole player there, one long task of a slow phone's load. Here a change waits for React's next
 * slice instead (docs/architecture.md "What a page runs at load"); every part that reads it is told in the same
 * transition, so they commit it together. A part mounted after the change reads it on its first render. A part
 * hydrating reads null and false, as the server rendered: nothing registers before the page's effects run, and no
 * part reading these sits in a Suspense boundary of its own, which would hydrate later (keep it so, or give such a
 * part the server's value first).
 */
function useRegistryValue<T>(read: () => T): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = () => startTransition(() => setValue(read()));
    // A change between this component's render and its subscription.
    update();
    return subscribe(update);
  }, [read]);
  return value;
}

const readController = () => controller;
const readHostWanted = () => hostWanted;

/** The controller once the host has created it; null before (and on the server). */
export function useListenController(): ListenController | null {
  return useRegistryValue(readController);
}

/** Asks the layout to mount the listen host: there is something to play. */
export function requestListenHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  notify();
}

export function useListenHostWanted(): boolean {
  return useRegistryValue(readHostWanted);
}

/** A fresh visit (tests). */
export function resetListenRegistryForTests(): void {
  controller = null;
  hostWanted = false;
  notify();
}
