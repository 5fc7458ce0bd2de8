// The store behind every 'use cache' read (next.config.ts `cacheHandlers.default`, docs/deploy.md "Shared cache"):
// with REDIS_URL the entries and the tags' invalidation times live in Redis, so every app server behind the load
// balancer serves the same entries and sees the same invalidations; without it they live in this process. Both
// stores sit behind one handler, so the code path is the same either way.
//
// Plain CommonJS: Next requires this file at run time, outside its bundles, so it cannot be TypeScript and cannot
// import lib/server (whose modules are 'server-only'). The handler of this process is also left on globalThis:
// lib/server/core/cache.ts expires tags through it from background jobs, where Next's revalidateTag refuses to run.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module (see above)
const Redis = require('ioredis');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module (see above)
const { cacheRedisOptions } = require('./redis-options.cjs');

/**
 * Next's in-process record of tag invalidations, which decides whether a cached page (its static shell, in the
 * incremental cache) is stale. A job's invalidation is written into it too, so the pages built from the expired
 * reads are rebuilt as well as the reads. With REDIS_URL the page cache's own handler (redis-cache-handler.cjs)
 * reads the same Redis tag times and mirrors them here for other servers' invalidations.
 */
let tagsManifest;
try {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the instance Next's server required
  tagsManifest = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js').tagsManifest;
} catch {
  tagsManifest = undefined;
}

const GLOBAL_KEY = Symbol.for('shusheng.useCacheHandler');
/** Entries are kept at most this long in Redis whatever their cacheLife says ('max' never expires). */
const MAX_TTL_S = 7 * 24 * 3600;
/** The in-process store keeps the most recently used entries up to this many bytes. */
const MEMORY_BYTES = Number(process.env.CACHE_MEMORY_BYTES ?? 64 * 1024 * 1024);

function logLine(level, event, fields = {}) {
  const order = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };
  const threshold = process.env.LOG_LEVEL ?? 'info';
  if ((order[level] ?? 1) < (order[threshold] ?? 1)) return;
  // The same one-JSON-object-per-line shape as lib/server/logger.ts (docs/operations.md "Logs").
  const line = JSON.stringify({ t: new Date().toISOString(), level, event, ...fields });
  (level === 'error' ? console.error : console.log)(line);
}

function streamOf(bytes) {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * Whether tag times make an entry filled at `timestamp` unusable: expired at or after the moment the fill STARTED (Next's entry
 * timestamp is when the read began), so a read that began before a write's invalidation never outlives it — even
 * when it finishes and is stored after the invalidation (docs/architecture.md "Caching").
 */
function verdict(timestamp, times, now) {
  let stale = false;
  for (const t of times) {
    if (t.expired !== undefined && t.expired >= timestamp && t.expired <= now) return 'expired';
    if (t.stale !== undefined && t.stale >= timestamp) stale = true;
  }
  return stale ? 'stale' : 'fresh';
}

/** What an invalidation records for each tag: Next's rules (durations → stale now, expired later; none → expired now). */
function tagUpdates(tags, durations, now) {
  return tags.map((tag) =>
    durations
      ? { tag, stale: now, expired: durations.expire !== undefined ? now + durations.expire * 1000 : undefined }
      : { tag, stale: undefined, expired: now },
  );
}

function mirrorToManifest(updates) {
  if (!tagsManifest) return;
  for (const u of updates) {
    const local = tagsManifest.get(u.tag) ?? {};
    tagsManifest.set(u.tag, {
      ...local,
      ...(u.stale !== undefined ? { stale: Math.max(u.stale, local.stale ?? 0) } : {}),
      ...(u.expired !== undefined ? { expired: u.expired } : {}),
    });
  }
}

/** This process's entries and tag times (no REDIS_URL): a size-bounded least-recently-used map. */
class MemoryStore {
  constructor() {
    this.entries = new Map();
    this.bytes = 0;
    this.tags = new Map();
  }

  async read(key, tags) {
    const entry = this.entries.get(key);
    if (!entry) return { entry: undefined, times: [] };
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used last
    return { entry, times: tags(entry).map((t) => this.tags.get(t) ?? {}) };
  }

  async times(tags) {
    return tags.map((t) => this.tags.get(t) ?? {});
  }

  async write(key, entry) {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.value.byteLength;
    for (const [k, e] of this.entries) {
      if (this.bytes <= MEMORY_BYTES) break;
      this.remove(k, e);
    }
  }

  remove(key, entry = this.entries.get(key)) {
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.value.byteLength;
  }

  async updateTags(updates) {
    for (const u of updates) {
      const t = this.tags.get(u.tag) ?? {};
      if (u.stale !== undefined) t.stale = u.stale;
      if (u.expired !== undefined) t.expired = u.expired;
      this.tags.set(u.tag, t);
    }
  }
}

/** One connection per process, URL and prefix (Next may build a handler more than once). */
const connections = new Map();

/**
 * Entries and tag times in Redis, shared by every server. The tag hashes are the ones the page cache's handler
 * (redis-cache-handler.cjs) keeps, so one invalidation reaches cached reads and cached pages alike.
 */
class RedisStore {
  constructor(url, prefix) {
    const id = `${url} ${prefix}`;
    let conn = connections.get(id);
    if (!conn) {
      const redis = new Redis(url, cacheRedisOptions());
      conn = { redis, prefix, down: false, pendingTags: new Map() };
      redis.on('error', (err) => this.markDown(conn, err));
      redis.on('ready', () => {
        if (conn.down) logLine('info', 'cache_redis_up', { prefix, store: 'use-cache' });
        conn.down = false;
        void this.flushPending(conn);
      });
      connections.set(id, conn);
    }
    this.conn = conn;
  }

  /** Logged once per outage, not once per read. */
  markDown(conn, err) {
    if (conn.down) return;
    conn.down = true;
    logLine('warn', 'cache_redis_down', {
      prefix: conn.prefix,
      store: 'use-cache',
      message: String(err?.message ?? err),
      serving: 'uncached',
    });
  }

  key(k) {
    return `${this.conn.prefix}uc:${k}`;
  }

  parseTimes(stale, expired) {
    return stale.map((s, i) => ({
      stale: s === null ? undefined : Number(s),
      expired: expired[i] === null ? undefined : Number(expired[i]),
    }));
  }

  async read(key, tags) {
    const { redis, prefix } = this.conn;
    const text = await redis.get(this.key(key));
    if (!text) return { entry: undefined, times: [] };
    const stored = JSON.parse(text);
    const entry = { ...stored, value: Buffer.from(stored.value, 'base64') };
    const list = tags(entry);
    if (!list.length) return { entry, times: [] };
    const [[, stale], [, expired]] = await redis
      .multi()
      .hmget(`${prefix}tags:stale`, ...list)
      .hmget(`${prefix}tags:expired`, ...list)
      .exec();
    return { entry, times: this.parseTimes(stale, expired) };
  }

  async times(tags) {
    if (!tags.length) return [];
    const { redis, prefix } = this.conn;
    const [[, stale], [, expired]] = await redis
      .multi()
      .hmget(`${prefix}tags:stale`, ...tags)
      .hmget(`${prefix}tags:expired`, ...tags)
      .exec();
    return this.parseTimes(stale, expired);
  }

  async write(key, entry) {
    const ttl = Number.isFinite(entry.expire) && entry.expire > 0 ? Math.min(Math.ceil(entry.expire), MAX_TTL_S) : MAX_TTL_S;
    const text = JSON.stringify({ ...entry, value: Buffer.from(entry.value).toString('base64') });
    await this.conn.redis.set(this.key(key), text, 'EX', ttl);
  }

  async updateTags(updates) {
    try {
      await this.writeTimes(updates);
    } catch (err) {
      // Kept and written once Redis is back, so an entry cached before the outage is not served after it.
      for (const u of updates) this.conn.pendingTags.set(u.tag, u);
      this.markDown(this.conn, err);
    }
  }

  async writeTimes(updates) {
    const { redis, prefix } = this.conn;
    const multi = redis.multi();
    for (const { tag, stale, expired } of updates) {
      if (stale !== undefined) multi.hset(`${prefix}tags:stale`, tag, String(stale));
      if (expired !== undefined) multi.hset(`${prefix}tags:expired`, tag, String(expired));
    }
    await multi.exec();
  }

  async flushPending(conn) {
    if (!conn.pendingTags.size) return;
    const pending = [...conn.pendingTags.values()];
    conn.pendingTags.clear();
    try {
      await this.writeTimes(pending);
    } catch (err) {
      for (const p of pending) conn.pendingTags.set(p.tag, p);
      this.markDown(conn, err);
    }
  }
}

/** Next's CacheHandler for 'use cache' (get/set/refreshTags/getExpiration/updateTags) over one of the stores. */
class UseCacheHandler {
  constructor(store) {
    this.store = store;
    /** Tag times this process wrote and Redis may not hold yet (an outage): never forgotten by a read. */
    this.local = new MemoryStore();
  }

  async get(cacheKey, softTags = []) {
    try {
      const now = Date.now();
      const { entry, times } = await this.store.read(cacheKey, (e) => [...new Set([...e.tags, ...softTags])]);
      if (!entry) return undefined;
      const tags = [...new Set([...entry.tags, ...softTags])];
      const mine = await this.local.times(tags);
      const v = verdict(entry.timestamp, [...times, ...mine], now);
      if (v === 'expired') return undefined;
      return {
        value: streamOf(new Uint8Array(entry.value)),
        tags: entry.tags,
        stale: entry.stale,
        timestamp: entry.timestamp,
        expire: entry.expire,
        // Stale by a tag: serve it once more and refresh it in the background (a negative revalidate is past).
        revalidate: v === 'stale' ? -1 : entry.revalidate,
      };
    } catch (err) {
      logLine('debug', 'cache_get_failed', { message: String(err?.message ?? err) });
      return undefined;
    }
  }

  async set(cacheKey, pendingEntry) {
    try {
      const entry = await pendingEntry;
      const value = new Uint8Array(await new Response(entry.value).arrayBuffer());
      // A tag expired while this read was running: what it read may predate the write, so it is not kept.
      const times = [...(await this.store.times(entry.tags)), ...(await this.local.times(entry.tags))];
      if (verdict(entry.timestamp, times, Date.now()) === 'expired') return;
      await this.store.write(cacheKey, {
        value,
        tags: entry.tags,
        stale: entry.stale,
        timestamp: entry.timestamp,
        expire: entry.expire,
        revalidate: entry.revalidate,
      });
    } catch (err) {
      // Not cached this time; the answer itself already went out.
      logLine('debug', 'cache_set_failed', { message: String(err?.message ?? err) });
    }
  }

  /** Tag times are read with each entry (one round trip with it), so there is nothing to sync ahead. */
  async refreshTags() {}

  /** For the soft tags (paths) Next checks itself: the latest expiry among them, 0 when none was ever expired. */
  async getExpiration(tags) {
    try {
      const now = Date.now();
      const times = [...(await this.store.times(tags)), ...(await this.local.times(tags))];
      return Math.max(0, ...times.map((t) => (t.expired !== undefined && t.expired <= now ? t.expired : 0)));
    } catch {
      return 0;
    }
  }

  /**
   * Tags invalidated: by Next (revalidateTag/updateTag in a request) or by our own invalidate() from a job. The
   * tag times go to the store every server reads, to this process's record, and to Next's page-cache record.
   */
  async updateTags(tags, durations) {
    const list = typeof tags === 'string' ? [tags] : [...tags];
    if (!list.length) return;
    const updates = tagUpdates(list, durations, Date.now());
    mirrorToManifest(updates);
    if (this.store !== this.local) await this.local.updateTags(updates);
    await this.store.updateTags(updates);
  }
}

function createHandler() {
  const url = process.env.REDIS_URL;
  const store = url ? new RedisStore(url, process.env.REDIS_PREFIX ?? 'shusheng:') : new MemoryStore();
  const handler = new UseCacheHandler(store);
  if (!url) handler.local = store;
  return handler;
}

/** The handler of this process: made once, and reachable from the app's bundles through globalThis. */
const handler = globalThis[GLOBAL_KEY] ?? (globalThis[GLOBAL_KEY] = createHandler());

/** Closes this process's Redis connections (tests). */
async function closeUseCacheConnections() {
  const all = [...connections.values()];
  connections.clear();
  await Promise.all(
    all.map(async (c) => {
      if (c.redis.status === 'ready') await c.redis.quit().catch(() => c.redis.disconnect());
      else c.redis.disconnect();
    }),
  );
}

module.exports = handler;
module.exports.default = handler;
module.exports.createHandler = createHandler;
module.exports.closeUseCacheConnections = closeUseCacheConnections;
module.exports.GLOBAL_KEY = GLOBAL_KEY;
