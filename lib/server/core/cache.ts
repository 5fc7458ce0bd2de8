import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';
import { after } from 'next/server';
import { log } from '../logger';
import { inDbScope } from '../db/client';

/** Seconds public discovery data may be served from the cache before it is refreshed in the background. */
export const DISCOVERY_TTL_S = 300;

/** Cache-Control for public discovery answers: browsers and CDNs may keep them briefly (never member data). */
export const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

const inNext = () => Boolean(process.env.NEXT_RUNTIME);

/**
 * Next's data cache around a public read, keyed by name and arguments and tagged for invalidation.
 * Outside a Next server (tests, scripts) and inside withDb() it simply calls through. Never wrap anything member-specific.
 */
export function cachedRead<A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>, tags: (...args: A) => string[]) {
  return (...args: A): Promise<R> => {
    // Inside withDb() (the seed's simulated readers at first start, in instrumentation) there is no request for
    // Next's cache, and what the seed's open transaction shows must not be cached for everyone: read through.
    if (!inNext() || inDbScope()) return fn(...args);
    return unstable_cache(() => fn(...args), [name, JSON.stringify(args)], {
      tags: ['catalog', ...tags(...args)],
      revalidate: DISCOVERY_TTL_S,
    })();
  };
}

/** Content changed: drop every cached read tagged with these (e.g. `novel:1`, or `catalog` for everything). */
export function invalidate(...tags: string[]): void {
  dropTags(tags, 'max');
}

function dropTags(tags: string[], profile: 'max' | { expire: number }): void {
  if (!inNext()) return;
  try {
    for (const tag of tags) revalidateTag(tag, profile);
  } catch (err) {
    // Next drops tags only inside a request: from a timer (the rankings job) or the start-up seed (whose simulated
    // readers tip and vote) it refuses, and the cached reads refresh by age instead (DISCOVERY_TTL_S). The write
    // that called us has committed either way.
    log('debug', 'cache_invalidate_outside_request', { tags, err });
  }
}

/**
 * A member's own write changed these reads and they must see it on their next look (a tip or a vote moving them on
 * the fan list, docs/gifts-votes-pages.md "Fan page"): expire now rather than serve the old entry once while it is
 * refreshed in the background, as `invalidate` does.
 */
export function invalidateNow(...tags: string[]): void {
  dropTags(tags, { expire: 0 });
}

/**
 * Work to do once the answer has gone out (Next's after()). Outside a Next request (tests, scripts) it runs
 * now and the returned promise settles with it, so callers may await it either way.
 */
export async function afterResponse(task: () => Promise<unknown>): Promise<void> {
  const run = async () => {
    await task().catch((err: unknown) => log('warn', 'after_response_failed', { err }));
  };
  if (!inNext()) return run();
  try {
    after(run);
  } catch {
    // Called outside a request scope (a background job): just run it.
    return run();
  }
}
