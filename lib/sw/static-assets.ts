import { CacheExpiration, CacheFirst, CacheableResponsePlugin, ExpirationPlugin, type ExpirationPluginOptions } from 'serwist';
import { STATIC_CACHE, staticAssets } from '@/lib/client/offline/keys';
import { scope } from './scope';

/**
 * Next's build assets (`/_next/static/…`): public and immutable under their hashed names, so cache first, for
 * everyone (docs/offline.md "The service worker"). Every release adds new names and the old ones are never asked
 * for again: the cache keeps the 400 least recently used and the library forgets the rest. No age limit — a
 * download's pages need the build they were kept with, and that build's files are gone from the server after the
 * next release; what protects them from the count instead is keepAssetsOfKeptPages below.
 */
export const STATIC_MAX_ENTRIES = 400;
const EXPIRY: ExpirationPluginOptions = { maxEntries: STATIC_MAX_ENTRIES, maxAgeFrom: 'last-used' };

export const staticAssetStrategy = new CacheFirst({
  cacheName: STATIC_CACHE,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin(EXPIRY)],
});

/** Pages kept in a member's cache (a downloaded chapter's reader and listen pages, the shelf, the 已下载 page, recent chapters). */
const KEPT_PAGE = /^\/(m|offline\/recent)\//;

/**
 * Marks the build assets the member's kept pages load as just used, so the count above drops old releases'
 * files that nothing kept needs, never a download's (run with the re-check, docs/offline.md "Re-check").
 */
export async function keepAssetsOfKeptPages(cache: Cache): Promise<void> {
  const shared = await scope.caches.open(STATIC_CACHE);
  const expiration = new CacheExpiration(STATIC_CACHE, EXPIRY);
  const seen = new Set<string>();
  for (const request of await cache.keys()) {
    if (!KEPT_PAGE.test(new URL(request.url).pathname)) continue;
    const html = await (await cache.match(request))?.text();
    for (const asset of html ? staticAssets(html) : []) {
      if (seen.has(asset)) continue;
      seen.add(asset);
      if (await shared.match(asset)) await expiration.updateTimestamp(new URL(asset, scope.location.origin).href);
    }
  }
}

/**
 * The build assets a page kept without passing through the worker loads (a recent chapter fetched by the worker
 * itself, docs/offline.md "Recent chapters"): fetched into the shared cache when missing, each with its
 * timestamp so the count above covers them like any other.
 */
export async function keepAssetsOf(html: string): Promise<void> {
  const shared = await scope.caches.open(STATIC_CACHE);
  const expiration = new CacheExpiration(STATIC_CACHE, EXPIRY);
  for (const asset of staticAssets(html)) {
    if (await shared.match(asset)) continue;
    const res = await fetch(asset).catch(() => null);
    if (!res || res.status !== 200) continue;
    await shared.put(asset, res);
    await expiration.updateTimestamp(new URL(asset, scope.location.origin).href);
  }
  await expiration.expireEntries();
}
