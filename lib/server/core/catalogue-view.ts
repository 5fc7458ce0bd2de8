import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which catalogue a read is for (docs/minors-mode.md "Only suitable novels"): everyone's, or the one a member in
 * 青少年模式 sees, holding only the novels editors marked suitable. The request decides it on the server from the
 * member's mode and runs its reads inside `inCatalogueView`; `cachedRead` keys its entries by it, so the suitable
 * catalogue is its own set of cache entries — the same for every member in the mode, never the shared one.
 */
const view = new AsyncLocalStorage<boolean>();

/** Whether the reads running now are for the suitable-only catalogue. */
export const suitableOnly = (): boolean => view.getStore() === true;

/** Runs `fn` (and every read it starts) for the suitable-only catalogue when `suitable`, else for everyone's. */
export function inCatalogueView<T>(suitable: boolean, fn: () => T): T {
  return view.run(suitable, fn);
}
