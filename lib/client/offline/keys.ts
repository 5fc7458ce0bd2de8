/**
 * Names the page and the service worker agree on (docs/offline.md): both import them (the worker's sources are
 * lib/sw/*.ts, bundled into public/sw.js), so after a change here run `node scripts/build-sw.mjs`.
 */

/** One Cache Storage cache per member holds that member's downloads, and nothing else does. */
export const MEMBER_CACHE_PREFIX = 'shusheng-offline-m';
/** Next's build assets (`/_next/static/…`): public, immutable, shared by everyone. */
export const STATIC_CACHE = 'shusheng-static';
/** Where the worker remembers which member the page last said is signed in (it cannot read cookies). */
export const META_CACHE = 'shusheng-offline-meta';

export const memberCacheName = (memberId: number | string) => `${MEMBER_CACHE_PREFIX}${memberId}`;

/** The downloads list (novels, chapters, sizes) inside a member's cache. */
export const INDEX_KEY = '/offline/index.json';

/**
 * Stable addresses of a downloaded chapter's audio. Signed URLs expire after 6 hours; the bytes are kept under
 * these instead, so a download plays for as long as it is kept (the worker answers them from the cache only).
 */
export const offlinePlaylistKey = (aid: number) => `/offline/audio/${aid}/index.m3u8`;
export const offlineSegmentKey = (aid: number, name: string) => `/offline/audio/${aid}/${name}`;
export const offlineTextKey = (aid: number) => `/offline/text/${aid}.json`;
export const readerPageKey = (aid: number) => `/m/read/${aid}`;
/** The listen page of a chapter downloaded with its audio, so listening can start offline from it. */
export const listenPageKey = (aid: number) => `/m/listen/${aid}`;
/** The 已下载 page, kept with the first download so it opens offline. */
export const DOWNLOADS_PAGE = '/m/downloads';

/** The playlist with each segment URI (signed, relative) replaced by its stable address. */
export function rewritePlaylist(playlist: string, aid: number): string {
  return playlist.replace(/^([^#\n][^\n]*)$/gm, (uri) => offlineSegmentKey(aid, uri.trim().split('?')[0]!.split('/').pop()!));
}

/** Segment URIs of a playlist as written (relative, with their signature query). */
export function playlistUris(playlist: string): string[] {
  return playlist
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** The build assets a page's HTML loads (scripts, styles, fonts): cached so the page starts offline. */
export function staticAssets(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/["'(](\/_next\/static\/[^"'()\s\\]+)/g)) found.add(m[1]!);
  return [...found];
}

/**
 * Recently read chapters kept automatically (docs/offline.md "Recent chapters"): a member's in their own cache
 * (gone at sign-out with the downloads), a guest's — free chapters only — in this cache.
 */
export const RECENT_GUEST_CACHE = 'shusheng-recent-guest';
/** The list of kept recent chapters inside either cache. */
export const RECENT_INDEX_KEY = '/offline/recent.json';
/** A recent chapter's reader page, apart from a download's (evicting one never deletes the other). */
export const recentPageKey = (aid: number) => `/offline/recent/${aid}`;
/** The budget: the last chapters read, plus the next one prefetched; the oldest goes first. */
export const RECENT_MAX_READ = 10;
export const RECENT_MAX_PREFETCHED = 1;
