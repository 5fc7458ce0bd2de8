import { MEMBER_CACHE_PREFIX, META_CACHE, memberCacheName } from '@/lib/client/offline/keys';
import { scope } from './scope';

/**
 * Which member the page last said is signed in (a worker cannot read cookies), and that member's own cache
 * (docs/offline.md "The service worker"). Only the signed-in member's downloads may be kept on this browser.
 */
const MEMBER_KEY = '/offline/member';

let member: number | null | undefined; // undefined: not known yet in this worker's life; null: signed out

export async function currentMember(): Promise<number | null> {
  if (member !== undefined) return member;
  const hit = await (await scope.caches.open(META_CACHE)).match(MEMBER_KEY);
  member = hit ? ((await hit.json()) as { id: number | null }).id : null;
  return member;
}

/** The page's word on who is signed in: kept for offline starts, and every other member's downloads deleted. */
export async function setMember(id: unknown): Promise<void> {
  member = typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  const meta = await scope.caches.open(META_CACHE);
  await meta.put(MEMBER_KEY, new Response(JSON.stringify({ id: member })));
  for (const name of await scope.caches.keys()) {
    if (name.startsWith(MEMBER_CACHE_PREFIX) && name !== memberCacheName(member ?? 'none')) await scope.caches.delete(name);
  }
}

/** The member's cache, or null when no member is signed in. Opening never creates a cache for "null". */
export async function memberCache(): Promise<Cache | null> {
  const id = await currentMember();
  return id ? scope.caches.open(memberCacheName(id)) : null;
}

/** A kept entry of the signed-in member's cache (query ignored: keys are paths). */
export async function fromMemberCache(key: string): Promise<Response | undefined> {
  const cache = await memberCache();
  return cache ? cache.match(key, { ignoreSearch: true }) : undefined;
}
