import { MEMBER_CACHE_PREFIX } from './keys';

/**
 * Tells the service worker who is signed in (it cannot read cookies): it then answers only from that member's
 * downloads and deletes any other member's. `null` at sign-out deletes them all.
 */
export function tellWorkerMember(id: number | null): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((reg) => reg.active?.postMessage({ type: 'member', id })).catch(() => undefined);
}

/** Sign-out: the worker forgets the member, and the page deletes every member's downloads itself too. */
export function clearDownloadsAtSignOut(): void {
  tellWorkerMember(null);
  if (typeof caches === 'undefined') return;
  void caches
    .keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith(MEMBER_CACHE_PREFIX)).map((n) => caches.delete(n))))
    .catch(() => undefined);
}
