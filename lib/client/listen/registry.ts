'use client';

import { useSyncExternalStore } from 'react';
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
  return () => subscribers.delete(fn);
};

export function registerListenController(c: ListenController | null): void {
  controller = c;
  notify();
}

export function listenController(): ListenController | null {
  return controller;
}

/** The controller once the host has created it; null before (and on the server). */
export function useListenController(): ListenController | null {
  return useSyncExternalStore(
    subscribe,
    () => controller,
    () => null,
  );
}

/** Asks the layout to mount the listen host: there is something to play. */
export function requestListenHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  notify();
}

export function useListenHostWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hostWanted,
    () => false,
  );
}

/** A fresh visit (tests). */
export function resetListenRegistryForTests(): void {
  controller = null;
  hostWanted = false;
  notify();
}
