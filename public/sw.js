/*
 * Shusheng's service worker: offline reading and listening of what a member downloaded (docs/offline.md).
 *
 * Plain JavaScript served as is from /sw.js (no build step); the names below repeat lib/client/offline/keys.ts.
 * What it caches, and for whom:
 * - `shusheng-static`: Next's build assets (/_next/static/…), public and immutable — cache first, for everyone.
 * - `shusheng-offline-m{id}`: one member's downloads (written by the page, lib/client/offline/downloads.ts) and
 *   that member's shelf and downloads pages (network first, kept for offline). Nothing else member-specific or paid
 *   is ever cached here; the page deletes these caches at sign-out.
 * - `shusheng-offline-meta`: which member the page last said is signed in (a worker cannot read cookies).
 * Everything else goes to the network untouched.
 */
const MEMBER_CACHE_PREFIX = 'shusheng-offline-m';
const STATIC_CACHE = 'shusheng-static';
const META_CACHE = 'shusheng-offline-meta';
const MEMBER_KEY = '/offline/member';
/** Pages kept (network first) in the member's cache so they open offline. */
const KEPT_PAGES = /^\/m\/(shelf|downloads)$/;
const READER_PAGE = /^\/m\/read\/(\d{1,10})$/;
/** A downloaded chapter's listen page: kept with its audio, so listening starts offline (docs/offline.md). */
const LISTEN_PAGE = /^\/m\/listen\/(\d{1,10})$/;
const SIGNED_MEDIA = /^\/audio\/(\d{1,10})\/(index\.m3u8|\d{1,5}\.ts)$/;

let member; // undefined: not known yet in this worker's life; null: signed out

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function currentMember() {
  if (member !== undefined) return member;
  const hit = await (await caches.open(META_CACHE)).match(MEMBER_KEY);
  member = hit ? (await hit.json()).id : null;
  return member;
}

async function setMember(id) {
  member = typeof id === 'number' && id > 0 ? id : null;
  const meta = await caches.open(META_CACHE);
  await meta.put(MEMBER_KEY, new Response(JSON.stringify({ id: member })));
  // Only the signed-in member's downloads may be kept on this browser: another member's go now.
  for (const name of await caches.keys()) {
    if (name.startsWith(MEMBER_CACHE_PREFIX) && name !== MEMBER_CACHE_PREFIX + member) await caches.delete(name);
  }
}

const INDEX_KEY = '/offline/index.json';

/** Deletes downloaded chapters from the member's cache and from its downloads list (as downloads.ts does). */
async function deleteChapters(cache, ids) {
  const gone = new Set(ids);
  for (const request of await cache.keys()) {
    const m = /^\/(?:offline\/audio\/(\d+)\/|offline\/text\/(\d+)\.json$|m\/(?:read|listen)\/(\d+)$)/.exec(new URL(request.url).pathname);
    if (m && gone.has(Number(m[1] || m[2] || m[3]))) await cache.delete(request);
  }
  const hit = await cache.match(INDEX_KEY);
  if (!hit) return;
  const index = await hit.json();
  for (const novel of index.novels) novel.chapters = novel.chapters.filter((c) => !gone.has(c.article_id));
  index.novels = index.novels.filter((n) => n.chapters.length);
  await cache.put(INDEX_KEY, new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json' } }));
}

/**
 * Back online: asks the server which downloaded chapters the member may still open (with the session cookie)
 * and deletes the others — a refunded order or an ended VIP (docs/offline.md "Re-check"). Any failure: no change.
 */
/** Page loads ask at most this often; coming back online asks at once. */
const RECHECK_EVERY_MS = 10 * 60 * 1000;
let lastRecheck = 0;

async function recheck(id, force) {
  const current = await currentMember();
  if (!current || current !== id) return;
  if (!force && Date.now() - lastRecheck < RECHECK_EVERY_MS) return;
  lastRecheck = Date.now();
  const cache = await caches.open(MEMBER_CACHE_PREFIX + current);
  const hit = await cache.match(INDEX_KEY);
  if (!hit) return;
  const ids = (await hit.json()).novels.flatMap((n) => n.chapters.map((c) => c.article_id));
  for (let i = 0; i < ids.length; i += 500) {
    const res = await fetch(`/v1/offline/check?article_ids=${ids.slice(i, i + 500).join(',')}`, {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json', 'x-platform': 'web' },
    }).catch(() => null);
    const body = res && res.ok ? await res.json().catch(() => null) : null;
    // Only a clear answer about this same member deletes anything.
    if (!body || body.code !== 0 || !body.data || (await currentMember()) !== current) return;
    if (body.data.removed.length) await deleteChapters(cache, body.data.removed);
  }
}

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'member') event.waitUntil(setMember(data.id));
  if (data.type === 'recheck') event.waitUntil(recheck(data.id, data.force === true));
});

/** The member's cache, or null when no member is signed in. Opening never creates a cache for "null". */
async function memberCache() {
  const id = await currentMember();
  if (!id) return null;
  return caches.open(MEMBER_CACHE_PREFIX + id);
}

async function fromMemberCache(key) {
  const cache = await memberCache();
  return cache ? cache.match(key, { ignoreSearch: true }) : undefined;
}

const notKept = () => new Response('', { status: 404, headers: { 'cache-control': 'no-store' } });

/** Stable download addresses: only ever from the member's cache. */
async function offlineFile(path) {
  return (await fromMemberCache(path)) || notKept();
}

/** Signed media: the network decides (a revoked chapter is refused there); offline, the download answers. */
async function signedMedia(request, aid, file) {
  try {
    return await fetch(request);
  } catch (err) {
    const kept = await fromMemberCache(`/offline/audio/${aid}/${file}`);
    if (kept) return kept;
    throw err;
  }
}

async function staticAsset(request) {
  const cache = await caches.open(STATIC_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

/**
 * A page: the network first; offline, the member's kept copy (a downloaded chapter's reader or listen page, the
 * shelf, the downloads).
 */
async function page(request, path, keep) {
  try {
    const res = await fetch(request);
    if (keep && res.ok && !res.redirected) {
      const cache = await memberCache();
      if (cache) await cache.put(path, res.clone());
    }
    return res;
  } catch (err) {
    const kept = await fromMemberCache(path);
    if (kept) return kept;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (path.startsWith('/offline/audio/') || path.startsWith('/offline/text/')) {
    event.respondWith(offlineFile(path));
    return;
  }
  const media = SIGNED_MEDIA.exec(path);
  if (media) {
    event.respondWith(signedMedia(request, media[1], media[2]));
    return;
  }
  if (path.startsWith('/_next/static/')) {
    event.respondWith(staticAsset(request));
    return;
  }
  if (request.mode === 'navigate') {
    if (KEPT_PAGES.test(path)) event.respondWith(page(request, path, true));
    else if (READER_PAGE.test(path) || LISTEN_PAGE.test(path)) event.respondWith(page(request, path, false));
  }
});
