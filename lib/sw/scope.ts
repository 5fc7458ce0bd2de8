/**
 * The parts of the service worker's global scope that our own code uses (docs/offline.md "The service worker").
 * The project type-checks with the DOM library, which has no worker types; these few are spelled out instead of
 * adding the WebWorker library to every file's globals.
 */
export interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

export interface MessageEventLike extends ExtendableEventLike {
  readonly data: unknown;
}

export interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly caches: CacheStorage;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

declare const self: unknown;
export const scope = self as WorkerScope;
