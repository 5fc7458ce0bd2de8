// A stand-in for Next's 'use cache' wrapper under Jest, where the directive is an inert string: cachedRead's scope
// (lib/server/core/cache.ts `cacheScope`) is wrapped so that each read is looked up in and stored through our real
// handler (lib/cache/use-cache-handler.cjs, the in-process store), keyed by name and arguments, tagged by the
// read's cacheTag calls and stamped, as Next does, with the time its fill STARTED. Every filled entry's bytes are
// kept, so a test can prove what never enters the cache (paid text, member data).
import { AsyncLocalStorage } from 'node:async_hooks';
import { deserialize, serialize } from 'node:v8';
import handler from '@/lib/cache/use-cache-handler.cjs';
import { cacheScope, type CachedOutcome } from '@/lib/server/core/cache';

const fills = new AsyncLocalStorage<{ tags: string[] }>();

/** What `jest.mock('next/cache', ...)` returns in these tests: no request is open, as in a background job. */
export const nextCacheMock = () => ({
  cacheTag: (...tags: string[]) => fills.getStore()?.tags.push(...tags),
  cacheLife: () => undefined,
  revalidateTag: () => {
    throw new Error('Invariant: static generation store missing in revalidateTag');
  },
});

/** Next's work-unit store as a render sees it (cachedRead reads through without one). */
export const workUnitMock = () => ({ workUnitAsyncStorage: { getStore: () => ({ type: 'request' }) } });

export type Filled = { name: string; args: unknown[]; text: string };

const bytesStream = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });

/**
 * Routes cachedRead through the handler from now on; returns the entries filled so far (name, arguments and the
 * entry's bytes as text) and counters of hits and misses.
 */
export function cacheThroughHandler() {
  const original = cacheScope.run;
  const filled: Filled[] = [];
  const stats = { hits: 0, misses: 0 };
  const settled: Promise<void>[] = [];
  cacheScope.run = async (name, args) => {
    const key = JSON.stringify([name, args]);
    const hit = await handler.get(key, []);
    if (hit) {
      stats.hits++;
      return deserialize(Buffer.from(await new Response(hit.value).arrayBuffer())) as CachedOutcome;
    }
    stats.misses++;
    const fill = { tags: [] as string[] };
    const timestamp = Date.now();
    let finish!: (entry: unknown) => void;
    const set = handler.set(key, new Promise((resolve) => (finish = resolve)));
    settled.push(set);
    const outcome = await fills.run(fill, () => original(name, args));
    const bytes = new Uint8Array(serialize(outcome));
    filled.push({ name, args, text: JSON.stringify(outcome) });
    finish({ value: bytesStream(bytes), tags: fill.tags, timestamp, stale: 30, revalidate: 300, expire: 86400 });
    return outcome;
  };
  return {
    filled,
    stats,
    /** Every store so far has finished (set() runs after the answer, as in Next). */
    stored: () => Promise.all(settled),
    restore: () => {
      cacheScope.run = original;
    },
  };
}
