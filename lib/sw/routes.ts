import { NetworkFirst, NetworkOnly, Route, type SerwistPlugin } from 'serwist';
import { memberCacheName, offlineSegmentKey } from '@/lib/client/offline/keys';
import { currentMember, fromMemberCache } from './members';
import { offlinePage } from './offline-page';
import { recentCopy } from './recent';
import { scope } from './scope';
import { staticAssetStrategy } from './static-assets';

/**
 * What the worker answers, in order (docs/offline.md "The service worker", its table). The library's strategies
 * do the generic parts (cache first, network first, network only with a fallback); which member's cache, and the
 * rule that stable download addresses come from that cache alone, are ours. Anything not matched here (other
 * pages, the API, other methods or origins) goes to the network untouched.
 */

const KEPT_PAGES = /^\/m\/(shelf|downloads)$/;
/** A downloaded chapter's reader or listen page: kept by the download itself, so it opens offline. */
const DOWNLOADED_PAGE = /^\/m\/(read|listen)\/\d{1,10}$/;
const SIGNED_MEDIA = /^\/audio\/(\d{1,10})\/(index\.m3u8|\d{1,5}\.ts)$/;

const notKept = () => new Response('', { status: 404, headers: { 'cache-control': 'no-store' } });
const pathOf = (request: Request) => new URL(request.url).pathname;

/** Stable download addresses: only ever from the signed-in member's cache, 404 otherwise (never the network). */
const offlineFiles = new Route(
  ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/offline/audio/') || url.pathname.startsWith('/offline/text/')),
  async ({ url }) => (await fromMemberCache(url.pathname)) ?? notKept(),
);

/** Signed media: the network decides (a revoked chapter is refused there); when it fails, the download answers. */
const signedMedia = new Route(
  ({ url, sameOrigin }) => sameOrigin && SIGNED_MEDIA.test(url.pathname),
  new NetworkOnly({
    plugins: [
      {
        handlerDidError: async ({ request }) => {
          const [, aid, file] = SIGNED_MEDIA.exec(pathOf(request))!;
          return fromMemberCache(offlineSegmentKey(Number(aid), file!));
        },
      },
    ],
  }),
);

const staticAssets = new Route(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'), staticAssetStrategy);

/** Offline and nothing kept for the page: our offline page, listing what does open (never the browser's error). */
const offlineFallback: SerwistPlugin = { handlerDidError: () => offlinePage() };

/**
 * Offline, the member's downloaded copy of the page (under its path, whatever the query), else a recent chapter's
 * kept copy (docs/offline.md "Recent chapters"), else our offline page.
 */
const keptCopy: SerwistPlugin = {
  handlerDidError: async ({ request }) => {
    const path = pathOf(request);
    const read = /^\/m\/read\/(\d+)$/.exec(path);
    return (await fromMemberCache(path)) ?? (read ? await recentCopy(Number(read[1])) : undefined) ?? offlinePage();
  },
};

/** A chapter's page: the network; offline, the copy its download or the recent chapters kept. Nothing is kept from here. */
const downloadedPages = new Route(
  ({ url, request, sameOrigin }) => sameOrigin && request.mode === 'navigate' && DOWNLOADED_PAGE.test(url.pathname),
  new NetworkOnly({ plugins: [keptCopy] }),
);

/** Kept under the page's path, in the member's cache; a redirect (to sign-in) or an error page is never kept. */
const byPath: SerwistPlugin = { cacheKeyWillBeUsed: ({ request }) => new URL(pathOf(request), scope.location.origin).href };
const keepable: SerwistPlugin = { cacheWillUpdate: ({ response }) => (response.status === 200 && !response.redirected ? response : null) };
const keptPageStrategies = new Map<number, NetworkFirst>();
const signedOut = new NetworkOnly({ plugins: [offlineFallback] });

/** The shelf and the 已下载 page: network first, a copy kept in the signed-in member's own cache for offline. */
const keptPages = new Route(({ url, request, sameOrigin }) => sameOrigin && request.mode === 'navigate' && KEPT_PAGES.test(url.pathname), {
  handle: async (options) => {
    const id = await currentMember();
    if (!id) return signedOut.handle(options);
    let strategy = keptPageStrategies.get(id);
    if (!strategy)
      keptPageStrategies.set(
        id,
        (strategy = new NetworkFirst({ cacheName: memberCacheName(id), plugins: [keepable, byPath, offlineFallback] })),
      );
    return strategy.handle(options);
  },
});

/** Every other /m page: the network, and offline our offline page. */
const otherPages = new Route(
  ({ url, request, sameOrigin }) => sameOrigin && request.mode === 'navigate' && /^\/m(\/|$)/.test(url.pathname),
  new NetworkOnly({ plugins: [offlineFallback] }),
);

export const routes = [offlineFiles, signedMedia, staticAssets, downloadedPages, keptPages, otherPages];
