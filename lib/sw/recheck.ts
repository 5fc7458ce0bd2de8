import { INDEX_KEY, RECENT_INDEX_KEY, memberCacheName, recentPageKey } from '@/lib/client/offline/keys';
import { currentMember } from './members';
import { scope } from './scope';
import { keepAssetsOfKeptPages } from './static-assets';

/**
 * Asks the server which downloaded chapters the member may still open (with the session cookie) and deletes the
 * others — a refunded order, an ended VIP, a novel taken off shelf (docs/offline.md "Re-check"). Any failure, or an
 * answer not clearly about the same member: no change.
 */

/** Page loads ask at most this often; coming back online asks at once. */
const RECHECK_EVERY_MS = 10 * 60 * 1000;
const CHECK_BATCH = 500;
let lastRecheck = 0;

interface DownloadIndex {
  novels: { novel_id: number; chapters: { article_id: number }[] }[];
}

const DOWNLOADED_ENTRY = /^\/(?:offline\/audio\/(\d+)\/|offline\/text\/(\d+)\.json$|m\/(?:read|listen)\/(\d+)$)/;

/** Deletes downloaded chapters from the member's cache and from its downloads list (as downloads.ts does). */
async function deleteChapters(cache: Cache, ids: number[]): Promise<void> {
  const gone = new Set(ids);
  for (const request of await cache.keys()) {
    const m = DOWNLOADED_ENTRY.exec(new URL(request.url).pathname);
    if (m && gone.has(Number(m[1] || m[2] || m[3]))) await cache.delete(request);
  }
  // Recent chapters kept automatically go the same way (docs/offline.md "Recent chapters").
  const recent = await cache.match(RECENT_INDEX_KEY);
  if (recent) {
    const list = (await recent.json()) as { chapters: { aid: number }[] };
    for (const aid of ids) if (gone.has(aid)) await cache.delete(recentPageKey(aid));
    list.chapters = list.chapters.filter((c) => !gone.has(c.aid));
    await cache.put(RECENT_INDEX_KEY, new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } }));
  }
  const hit = await cache.match(INDEX_KEY);
  if (!hit) return;
  const index = (await hit.json()) as DownloadIndex;
  for (const novel of index.novels) novel.chapters = novel.chapters.filter((c) => !gone.has(c.article_id));
  index.novels = index.novels.filter((n) => n.chapters.length);
  await cache.put(INDEX_KEY, new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json' } }));
}

export async function recheck(id: unknown, force: boolean): Promise<void> {
  const current = await currentMember();
  if (!current || current !== id) return;
  if (!force && Date.now() - lastRecheck < RECHECK_EVERY_MS) return;
  lastRecheck = Date.now();
  const cache = await scope.caches.open(memberCacheName(current));
  await keepAssetsOfKeptPages(cache);
  const hit = await cache.match(INDEX_KEY);
  const recent = await cache.match(RECENT_INDEX_KEY);
  const downloaded = hit ? ((await hit.json()) as DownloadIndex).novels.flatMap((n) => n.chapters.map((c) => c.article_id)) : [];
  const kept = recent ? ((await recent.json()) as { chapters: { aid: number }[] }).chapters.map((c) => c.aid) : [];
  const ids = [...new Set([...downloaded, ...kept])];
  if (!ids.length) return;
  for (let i = 0; i < ids.length; i += CHECK_BATCH) {
    const res = await fetch(`/v1/offline/check?article_ids=${ids.slice(i, i + CHECK_BATCH).join(',')}`, {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { accept: 'application/json', 'x-platform': 'web' },
    }).catch(() => null);
    const body = res && res.ok ? ((await res.json().catch(() => null)) as { code?: number; data?: { removed: number[] } } | null) : null;
    // Only a clear answer about this same member deletes anything.
    if (!body || body.code !== 0 || !body.data || (await currentMember()) !== current) return;
    if (body.data.removed.length) await deleteChapters(cache, body.data.removed);
  }
}
