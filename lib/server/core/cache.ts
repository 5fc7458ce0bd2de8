import 'server-only';
import { cacheLife, cacheTag, revalidateTag } from 'next/cache';
import { after } from 'next/server';
import { workUnitAsyncStorage } from 'next/dist/server/app-render/work-unit-async-storage.external';
import { log } from '../logger';
import { inDbScope } from '../db/client';
import { ApiError, type ErrorCode } from './errors';
import { inCatalogueView, suitableOnly } from './catalogue-view';

/** Seconds public discovery data may be served from the cache before it is refreshed in the background. */
export const DISCOVERY_TTL_S = 300;

/** Cache-Control for public discovery answers: browsers and CDNs may keep them briefly (never member data). */
export const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

const inNext = () => Boolean(process.env.NEXT_RUNTIME);

/** Next's 'use cache' works inside a request or a prerender only; a background job has neither. */
const inRender = () => workUnitAsyncStorage.getStore() !== undefined;

/**
 * The handler of lib/cache/use-cache-handler.cjs that Next loaded for 'use cache' (it leaves itself on globalThis):
 * a job expires tags through it, as Next does through it within a request.
 */
type TagHandler = { updateTags(tags: string[], durations?: { expire?: number }): Promise<void> };
const HANDLER_KEY = Symbol.for('shusheng.useCacheHandler');
const handler = () => (globalThis as Record<symbol, TagHandler | undefined>)[HANDLER_KEY] ?? loadHandler();

/**
 * Next loads the handler at the first 'use cache' read; a job that runs before it (the rankings job on a server just
 * started) loads it here, from the same file Next names in next.config.ts, so the same instance serves both and the
 * tag times still reach every server. Required at run time through Node's own loader, out of the bundler's sight.
 */
function loadHandler(): TagHandler | undefined {
  try {
    const { createRequire } = process.getBuiltinModule('node:module') as typeof import('node:module');
    createRequire(`${process.cwd()}/`)(`${process.cwd()}/lib/cache/use-cache-handler.cjs`);
  } catch (err) {
    log('warn', 'cache_handler_load_failed', { err });
  }
  return (globalThis as Record<symbol, TagHandler | undefined>)[HANDLER_KEY];
}

type Read = { fn: (args: unknown[]) => Promise<unknown>; tags: (args: unknown[]) => string[] };
/** Every cachedRead by name: the one 'use cache' function below finds the read its key names. */
const reads = new Map<string, Read>();

/** A refusal the read threw (not found, off shelf): carried through the cache as data, rethrown outside it. */
type Outcome = { ok: true; value: unknown } | { ok: false; code: ErrorCode; message: string; data?: unknown };

/**
 * The one 'use cache' scope of the app: its key is the read's name and arguments (Next adds this function's id),
 * its tags `catalog` plus the read's own, its life the `catalogue` profile of next.config.ts. Only public reads
 * registered through cachedRead ever run here — never paid text, never anything member-specific.
 */
async function runCached(name: string, args: unknown[]): Promise<Outcome> {
  'use cache';
  const suitable = name.endsWith(SUITABLE_SUFFIX);
  const read = reads.get(suitable ? name.slice(0, -SUITABLE_SUFFIX.length) : name)!;
  cacheTag('catalog', ...read.tags(args));
  let outcome: Outcome;
  try {
    outcome = { ok: true, value: await inCatalogueView(suitable, () => read.fn(args)) };
    cacheLife('catalogue');
  } catch (err) {
    // Next turns a thrown error into an anonymous one on its way out of the cache: pass ours as data instead,
    // kept only seconds (an unknown id may be created in a moment; a refusal must not be served for minutes).
    if (!(err instanceof ApiError)) throw err;
    outcome = { ok: false, code: err.code, message: err.message, data: err.data };
    cacheLife('seconds');
  }
  return outcome;
}

/**
 * The suitable-only catalogue's entries (docs/minors-mode.md "Only suitable novels") are keyed apart by this mark on
 * the read's name: the same tags, so one invalidation refreshes both catalogues.
 */
const SUITABLE_SUFFIX = '~suitable';

/**
 * The cached scope cachedRead goes through. Under Jest 'use cache' is an inert string, so tests put a stand-in for
 * Next's wrapper here that stores through our real handler (test/use-cache.ts) and watches what enters an entry.
 */
export const cacheScope: { run: (name: string, args: unknown[]) => Promise<Outcome> } = { run: runCached };
export type { Outcome as CachedOutcome };

/**
 * A public read kept in Next's cache ('use cache'), keyed by name and arguments and tagged for invalidation.
 * Outside a Next render (tests, scripts, background jobs) and inside withDb() it simply calls through. Never wrap
 * anything member-specific.
 */
export function cachedRead<A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>, tags: (...args: A) => string[]) {
  if (reads.has(name)) throw new Error(`cachedRead "${name}" is defined twice`);
  reads.set(name, { fn: (args) => fn(...(args as A)), tags: (args) => tags(...(args as A)) });
  return async (...args: A): Promise<R> => {
    // Inside withDb() (the seed's simulated readers at first start, in instrumentation) what the seed's open
    // transaction shows must not be cached for everyone; a job has no render for 'use cache': read through.
    if (!inNext() || inDbScope() || !inRender()) return fn(...args);
    if (inflight.size) await Promise.all(inflight);
    const outcome = await cacheScope.run(suitableOnly() ? name + SUITABLE_SUFFIX : name, args);
    if (outcome.ok) return outcome.value as R;
    throw new ApiError(outcome.code, outcome.message, outcome.data);
  };
}

/** Invalidations of this process still on their way to the shared store: a read here waits for them. */
const inflight = new Set<Promise<void>>();

/**
 * Expires tags for every server. Within a request Next's revalidateTag also records them for this request's own
 * later reads; outside one (the rankings and publishing jobs, the start-up seed) Next refuses, so our handler is
 * always told directly: it writes the tag times every server reads (docs/deploy.md "Shared cache"). The returned
 * promise settles once they are written; a read in this process waits for them anyway.
 */
function dropTags(tags: string[], profile: 'max' | { expire: number }): Promise<void> {
  if (!inNext() || !tags.length) return Promise.resolve();
  try {
    for (const tag of tags) revalidateTag(tag, profile);
  } catch {
    // Not in a request: the handler below is enough.
  }
  const h = handler();
  if (!h) {
    log('warn', 'cache_invalidate_no_handler', { tags });
    return Promise.resolve();
  }
  // 'max' marks them stale (served once more while refreshed), an expiry of 0 expires them now.
  const write = h
    .updateTags(tags, profile === 'max' ? {} : profile)
    .catch((err: unknown) => log('warn', 'cache_invalidate_failed', { tags, err }));
  inflight.add(write);
  void write.finally(() => inflight.delete(write));
  return write;
}

/** Content changed: drop every cached read tagged with these (e.g. `novel:1`, or `catalog` for everything). */
export function invalidate(...tags: string[]): Promise<void> {
  return dropTags(tags, 'max');
}

/**
 * A member's own write changed these reads and they must see it on their next look (a tip or a vote moving them on
 * the fan list, docs/gifts-votes-pages.md "Fan page"): expire now rather than serve the old entry once while it is
 * refreshed in the background, as `invalidate` does. Await it to answer only once every server would see it.
 */
export function invalidateNow(...tags: string[]): Promise<void> {
  return dropTags(tags, { expire: 0 });
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
