/**
 * The listen controller's offline fallback (docs/offline.md "Offline"), loaded on demand: only a browser offline,
 * or one whose signing failed, asks it anything, so it stays out of the listen page's first load
 * (docs/operations.md "First-load JavaScript"). The listen host fetches it ahead, through the service worker into
 * its cache, wherever downloads are kept, so it is there when the network is not.
 */

/**
 * The chapter's downloaded playlist, or null: asked of the service worker, which answers it from the signed-in
 * member's own downloads only (404 otherwise, and nothing without a worker).
 */
export async function downloadedPlaylist(articleId: number): Promise<string | null> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return null;
  // offlinePlaylistKey (lib/client/offline/keys.ts), written out: that module would weigh on the listen page's first load.
  const url = `/offline/audio/${articleId}/index.m3u8`;
  const res = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
  return res?.ok ? url : null;
}
