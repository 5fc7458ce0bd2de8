import type { OfflineChapter, OfflineCheck, OfflineManifest } from '@/lib/shared/dto/offline';
import {
  DOWNLOADS_PAGE,
  INDEX_KEY,
  MEMBER_CACHE_PREFIX,
  STATIC_CACHE,
  memberCacheName,
  offlinePlaylistKey,
  offlineSegmentKey,
  offlineTextKey,
  playlistUris,
  listenPageKey,
  readerPageKey,
  rewritePlaylist,
  staticAssets,
} from './keys';

/** What the download code touches, passed in so tests can hand it an in-memory Cache Storage. */
export interface OfflineEnv {
  caches: CacheStorage;
  fetch: typeof fetch;
}

export interface DownloadedChapter {
  article_id: number;
  idx: number;
  title: string;
  bytes: number;
  /** Seconds of audio kept, 0 for text only. */
  duration: number;
}

export interface DownloadedNovel {
  novel_id: number;
  title: string;
  chapters: DownloadedChapter[];
}

export interface DownloadIndex {
  novels: DownloadedNovel[];
}

const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });

export async function readIndex(env: OfflineEnv, memberId: number): Promise<DownloadIndex> {
  const cache = await env.caches.open(memberCacheName(memberId));
  const hit = await cache.match(INDEX_KEY);
  return hit ? ((await hit.json()) as DownloadIndex) : { novels: [] };
}

async function writeIndex(cache: Cache, index: DownloadIndex): Promise<void> {
  index.novels = index.novels.filter((n) => n.chapters.length).sort((a, b) => a.novel_id - b.novel_id);
  for (const n of index.novels) n.chapters.sort((a, b) => a.idx - b.idx);
  await cache.put(INDEX_KEY, json(index));
}

/** Bytes kept for the member (the sum of what the downloads list records). */
export const indexBytes = (index: DownloadIndex) => index.novels.reduce((sum, n) => sum + n.chapters.reduce((s, c) => s + c.bytes, 0), 0);

async function fetchOk(env: OfflineEnv, url: string): Promise<Response> {
  const res = await env.fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res;
}

/**
 * One chapter into the member's cache: its text, the reader page and its build assets, and — when the manifest
 * has finished audio — the playlist rewritten to stable addresses, every segment and the listen page. Returns the bytes kept.
 */
async function downloadChapter(env: OfflineEnv, cache: Cache, chapter: OfflineChapter): Promise<number> {
  let bytes = 0;
  if (chapter.audio) {
    const playlist = await (await fetchOk(env, chapter.audio.playlist_url)).text();
    const base = chapter.audio.playlist_url.replace(/index\.m3u8.*$/, '');
    for (const uri of playlistUris(playlist)) {
      const body = await (await fetchOk(env, base + uri)).arrayBuffer();
      const name = uri.split('?')[0]!;
      await cache.put(offlineSegmentKey(chapter.article_id, name), new Response(body, { headers: { 'content-type': 'video/mp2t' } }));
      bytes += body.byteLength;
    }
    const stable = rewritePlaylist(playlist, chapter.article_id);
    await cache.put(
      offlinePlaylistKey(chapter.article_id),
      new Response(stable, { headers: { 'content-type': 'application/vnd.apple.mpegurl' } }),
    );
    bytes += stable.length;
  }
  const text = JSON.stringify(chapter);
  await cache.put(offlineTextKey(chapter.article_id), json(chapter));
  bytes += text.length;
  // The reader page as this member gets it now (the manifest said they may open it), and what it loads.
  bytes += (await keepPage(env, cache, readerPageKey(chapter.article_id))).length;
  // With audio, its listen page too: listening then starts offline from the chapter's own page.
  if (chapter.audio) bytes += (await keepPage(env, cache, listenPageKey(chapter.article_id))).length;
  return bytes;
}

/**
 * Downloads the manifest's chapters for the member, one after another, recording each in the downloads list as
 * soon as it is whole (a chapter that fails half way is removed, not listed). Returns the bytes kept in all.
 */
export async function downloadManifest(
  env: OfflineEnv,
  memberId: number,
  manifest: OfflineManifest,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<{ bytes: number; failed: number[] }> {
  const cache = await env.caches.open(memberCacheName(memberId));
  let total = 0;
  const failed: number[] = [];
  for (const [i, chapter] of manifest.chapters.entries()) {
    let bytes: number;
    try {
      bytes = await downloadChapter(env, cache, chapter);
    } catch {
      await removeChapterEntries(cache, chapter.article_id);
      failed.push(chapter.article_id);
      onProgress(i + 1, manifest.chapters.length);
      continue;
    }
    total += bytes;
    const index = await readIndex(env, memberId);
    let novel = index.novels.find((n) => n.novel_id === manifest.novel_id);
    if (!novel) index.novels.push((novel = { novel_id: manifest.novel_id, title: manifest.novel_title, chapters: [] }));
    novel.chapters = novel.chapters.filter((c) => c.article_id !== chapter.article_id);
    novel.chapters.push({
      article_id: chapter.article_id,
      idx: chapter.idx,
      title: chapter.title,
      bytes,
      duration: chapter.audio?.duration ?? 0,
    });
    await writeIndex(cache, index);
    onProgress(i + 1, manifest.chapters.length);
  }
  // The 已下载 page too, so it opens offline even if it was never visited online (it is the same for everyone).
  if (manifest.chapters.length > failed.length) await keepPage(env, cache, DOWNLOADS_PAGE).catch(() => undefined);
  return { bytes: total, failed };
}

/** A page's HTML into the member's cache under its path, and the build assets it loads into the shared cache. */
async function keepPage(env: OfflineEnv, cache: Cache, path: string): Promise<string> {
  const html = await (await fetchOk(env, path)).text();
  await cache.put(path, new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
  const shared = await env.caches.open(STATIC_CACHE);
  for (const asset of staticAssets(html)) {
    if (await shared.match(asset)) continue;
    const res = await env.fetch(asset).catch(() => null);
    if (res?.ok) await shared.put(asset, res);
  }
  return html;
}

async function removeChapterEntries(cache: Cache, aid: number): Promise<void> {
  for (const request of await cache.keys()) {
    const path = new URL(request.url, 'http://x').pathname;
    if (
      path.startsWith(`/offline/audio/${aid}/`) ||
      path === offlineTextKey(aid) ||
      path === readerPageKey(aid) ||
      path === listenPageKey(aid)
    )
      await cache.delete(request);
  }
}

/** Deletes downloaded chapters (their bytes and their rows in the list). */
export async function deleteChapters(env: OfflineEnv, memberId: number, aids: number[]): Promise<void> {
  const cache = await env.caches.open(memberCacheName(memberId));
  for (const aid of aids) await removeChapterEntries(cache, aid);
  const index = await readIndex(env, memberId);
  const gone = new Set(aids);
  for (const n of index.novels) n.chapters = n.chapters.filter((c) => !gone.has(c.article_id));
  await writeIndex(cache, index);
}

/**
 * Back online: asks the server which downloaded chapters the member may still open and deletes the others (a
 * refunded order, an expired VIP). Returns the deleted ids. Offline or on a server error nothing is deleted.
 */
export async function recheckDownloads(
  env: OfflineEnv,
  memberId: number,
  ask: (ids: number[]) => Promise<OfflineCheck>,
): Promise<number[]> {
  const index = await readIndex(env, memberId);
  const ids = index.novels.flatMap((n) => n.chapters.map((c) => c.article_id));
  if (!ids.length) return [];
  const { removed } = await ask(ids);
  if (removed.length) await deleteChapters(env, memberId, removed);
  return removed;
}

/** Sign-out (or another member on this browser): every member's downloads go, the shared build assets stay. */
export async function clearMemberCaches(env: Pick<OfflineEnv, 'caches'>, keep?: number): Promise<void> {
  for (const name of await env.caches.keys()) {
    if (name.startsWith(MEMBER_CACHE_PREFIX) && (keep === undefined || name !== memberCacheName(keep))) await env.caches.delete(name);
  }
}
