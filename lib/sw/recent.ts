import {
  RECENT_GUEST_CACHE,
  RECENT_INDEX_KEY,
  RECENT_MAX_PREFETCHED,
  RECENT_MAX_READ,
  memberCacheName,
  recentPageKey,
} from '@/lib/client/offline/keys';
import { currentMember, setMember } from './members';
import { scope } from './scope';
import { keepAssetsOf } from './static-assets';

/**
 * Recent chapters kept on the device with no tap (docs/offline.md "Recent chapters"): the reader tells the worker
 * which chapter it shows, the worker keeps that page and prefetches the next one, within a small budget. A
 * member's go to their own cache (deleted at sign-out and when another member signs in), a guest's to a cache of
 * free chapters only — a paid chapter never reaches a cache another reader of this browser could be served from.
 */
export interface RecentEntry {
  aid: number;
  nid: number;
  title: string;
  novel: string;
  /** Epoch ms the chapter was read (or prefetched). */
  at: number;
  /** Kept ahead of reading (the next chapter), not read yet. */
  prefetched?: boolean;
}

export interface RecentMessage {
  id: unknown;
  aid: unknown;
  nid: unknown;
  title: unknown;
  novel: unknown;
  /** The chapter's access for this reader, as the reader page got it (docs/reading.md "Reader"). */
  access: unknown;
  next: unknown;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');

async function readIndex(cache: Cache): Promise<RecentEntry[]> {
  const hit = await cache.match(RECENT_INDEX_KEY);
  return hit ? (((await hit.json()) as { chapters: RecentEntry[] }).chapters ?? []) : [];
}

/** Newest first, within the budget; what falls out is deleted from the cache. */
async function writeIndex(cache: Cache, entries: RecentEntry[]): Promise<void> {
  entries.sort((a, b) => b.at - a.at);
  const read = entries.filter((e) => !e.prefetched).slice(0, RECENT_MAX_READ);
  const ahead = entries.filter((e) => e.prefetched).slice(0, RECENT_MAX_PREFETCHED);
  const kept = [...read, ...ahead].sort((a, b) => b.at - a.at);
  const keep = new Set(kept.map((e) => e.aid));
  for (const e of entries) if (!keep.has(e.aid)) await cache.delete(recentPageKey(e.aid));
  await cache.put(RECENT_INDEX_KEY, new Response(JSON.stringify({ chapters: kept }), { headers: { 'content-type': 'application/json' } }));
}

/** The reader page as this reader gets it now; null on any failure, a redirect (sign-in, follow gate) or an error. */
async function fetchPage(aid: number): Promise<Response | null> {
  const res = await fetch(`/m/read/${aid}`, { credentials: 'same-origin' }).catch(() => null);
  if (!res || res.status !== 200 || res.redirected) return null;
  const html = await res.text();
  // What the page loads, so it starts offline even when it was never opened under the worker's control.
  await keepAssetsOf(html);
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/**
 * Whether the next chapter opens without a purchase, asked of the chapter API without auto_buy: fetching its page
 * for a member with auto-buy on would buy it (docs/reading.md "Reader"), and a prefetch must never spend.
 */
async function nextOpens(aid: number, guest: boolean): Promise<{ nid: number; title: string; novel: string } | null> {
  const res = await fetch(`/v1/read/${aid}`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-platform': 'web' },
  }).catch(() => null);
  const body = res && res.ok ? ((await res.json().catch(() => null)) as { code?: number; data?: Record<string, unknown> } | null) : null;
  const d = body?.code === 0 ? body.data : null;
  if (!d || d.locked !== false || (guest && d.access !== 'free')) return null;
  return { nid: Number(d.novel_id), title: text(d.title), novel: text((d.novel as { title?: unknown } | undefined)?.title) };
}

/** The reader's word: keep this chapter (and prefetch the next) for whoever the page says is reading. */
export async function keepRecent(msg: RecentMessage, now = Date.now()): Promise<void> {
  if (!isId(msg.aid) || !isId(msg.nid)) return;
  const id = isId(msg.id) ? msg.id : null;
  // The page knows who is signed in (the worker cannot read cookies): follow it, as at every page load.
  if ((await currentMember()) !== id) await setMember(id);
  const guest = id === null;
  // A guest keeps free chapters only; a member keeps what they may open (the page showed its text).
  if (msg.access === 'locked' || (guest && msg.access !== 'free')) return;
  const cache = await scope.caches.open(guest ? RECENT_GUEST_CACHE : memberCacheName(id));
  const page = await fetchPage(msg.aid);
  if (!page) return;
  await cache.put(recentPageKey(msg.aid), page);
  let entries = (await readIndex(cache)).filter((e) => e.aid !== msg.aid);
  entries.push({ aid: msg.aid, nid: msg.nid, title: text(msg.title), novel: text(msg.novel), at: now });
  // Listed at once: the reader may go offline before the prefetch below ends.
  await writeIndex(cache, entries);
  if (isId(msg.next) && !entries.some((e) => e.aid === msg.next && !e.prefetched)) {
    const next = await nextOpens(msg.next, guest);
    const nextPage = next && (await fetchPage(msg.next));
    if (next && nextPage) {
      await cache.put(recentPageKey(msg.next), nextPage);
      entries = entries.filter((e) => e.aid !== msg.next);
      entries.push({ aid: msg.next, ...next, at: now - 1, prefetched: true });
    }
  }
  await writeIndex(cache, entries);
}

/** Kept recent chapters this reader may be served: the member's own, then the guest cache's free ones. */
async function caches(): Promise<Cache[]> {
  const id = await currentMember();
  const names = id ? [memberCacheName(id), RECENT_GUEST_CACHE] : [RECENT_GUEST_CACHE];
  const open: Cache[] = [];
  for (const name of names) if (await scope.caches.has(name)) open.push(await scope.caches.open(name));
  return open;
}

/** Offline: the kept copy of a recent chapter's page, if any. */
export async function recentCopy(aid: number): Promise<Response | undefined> {
  for (const cache of await caches()) {
    const hit = await cache.match(recentPageKey(aid));
    if (hit) return hit;
  }
  return undefined;
}

/** The recent chapters kept for this reader, newest first, each once (for the offline page). */
export async function listRecent(): Promise<RecentEntry[]> {
  const all: RecentEntry[] = [];
  for (const cache of await caches()) all.push(...(await readIndex(cache)));
  const seen = new Set<number>();
  return all.sort((a, b) => b.at - a.at).filter((e) => !seen.has(e.aid) && seen.add(e.aid));
}
