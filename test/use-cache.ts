// A stand-in for Next's 'use cache' wrapper under Jest, where the directive is an inert string: cachedRead's scope
// (lib/server/core/cache.ts `cacheScope`) is wrapped so that each read is looked up in and stored through our real
// handler (lib/cache/use-cache-handler.cjs, the in-process store), keyed by name and arguments, tagged by the
// read's cacheTag calls and stamped, as Next does, with the time its fill STARTED. Every filled entry's bytes are
// kept, so a test can prove what never enters the cache (paid text, member data).
import { deserialize, serialize } from 'node:v8';
import handler from '@/lib/cache/use-cache-handler.cjs';
import { cacheScope, type CachedOutcome } from '@/lib/server/core/cache';
import { fills } from './use-cache-mocks';

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
  const holds = new Map<string, { begun: () => void; held: Promise<void> }>();
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
    const hold = holds.get(name);
    if (hold) {
      holds.delete(name);
      hold.begun();
      await hold.held; // the read has what it read; it is not stored until released
    }
    const bytes = new Uint8Array(serialize(outcome));
    filled.push({ name, args, text: JSON.stringify(outcome) });
    finish({ value: bytesStream(bytes), tags: fill.tags, timestamp, stale: 30, revalidate: 300, expire: 86400 });
    return outcome;
  };
  return {
    filled,
    stats,
    /** Holds the next fill of this read open after it has read, before it is stored: resolves once it got there. */
    holdNextFill: (name: string) => {
      let release!: () => void;
      let begun!: () => void;
      const reached = new Promise<void>((resolve) => (begun = resolve));
      holds.set(name, { begun, held: new Promise<void>((resolve) => (release = resolve)) });
      return { reached, release: () => release() };
    },
    /** Every store so far has finished (set() runs after the answer, as in Next). */
    stored: () => Promise.all(settled),
    restore: () => {
      cacheScope.run = original;
    },
  };
}
