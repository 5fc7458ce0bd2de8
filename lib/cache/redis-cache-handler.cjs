// Next's incremental cache (cached pages: their static shells with RSC payload and segments) in Redis, so every app
// server behind the load balancer reads and invalidates the same pages (docs/deploy.md "Shared cache"). The
// 'use cache' reads have their own handler, use-cache-handler.cjs, which writes the same tag hashes read here.
// next.config.ts points `cacheHandler` here only when REDIS_URL is set; otherwise Next keeps its in-process cache.
// Plain CommonJS: Next imports this file at run time, outside its bundles, so it cannot be TypeScript and cannot
// import lib/server (whose modules are 'server-only'); CommonJS so that `require` below reaches the very module
// instance Next's server holds.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module (see above)
const Redis = require('ioredis');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module (see above)
const { cacheRedisOptions } = require('./redis-options.cjs');

/**
 * Next's own record of tag invalidations, which its incremental cache consults after our get() to decide stale
 * (serve once, refresh in the background) or expired (render now). We mirror what Redis holds into it on every read,
 * so an invalidation made on another server behaves here exactly as a local one does. Absent (another Next layout):
 * get() then treats a stale tag as expired, which is stricter, never staler.
 */
let tagsManifest;
try {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the instance Next's server required
  tagsManifest = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js').tagsManifest;
} catch {
  tagsManifest = undefined;
}

const TAGS_HEADER = 'x-next-cache-tags';
/** An entry outlives its revalidate period so a stale one can still be served while it is refreshed; capped. */
const MIN_TTL_S = 3600;
const MAX_TTL_S = 7 * 24 * 3600;

function logLine(level, event, fields = {}) {
  const order = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };
  const threshold = process.env.LOG_LEVEL ?? 'info';
  if ((order[level] ?? 1) < (order[threshold] ?? 1)) return;
  // The same one-JSON-object-per-line shape as lib/server/logger.ts (docs/operations.md "Logs").
  const line = JSON.stringify({ t: new Date().toISOString(), level, event, ...fields });
  (level === 'error' ? console.error : console.log)(line);
}

/** Buffers (RSC payloads, route bodies) and Maps (segment data) survive a JSON round trip. */
function encodeEntry(entry) {
  return JSON.stringify(entry, function replacer(key, value) {
    const raw = this[key];
    if (raw instanceof Uint8Array) return { $buf: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') };
    if (raw instanceof Map) return { $map: [...raw.entries()] };
    return value;
  });
}

function decodeEntry(text) {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof value.$buf === 'string' && Object.keys(value).length === 1) return Buffer.from(value.$buf, 'base64');
      if (Array.isArray(value.$map) && Object.keys(value).length === 1) return new Map(value.$map);
    }
    return value;
  });
}

/** One connection per process (Next builds a handler per request), per URL and prefix. */
const shared = new Map();

function connectionFor(url, prefix) {
  const id = `${url} ${prefix}`;
  let conn = shared.get(id);
  if (conn) return conn;
  const redis = new Redis(url, cacheRedisOptions());
  conn = { redis, prefix, down: false, pendingTags: new Map() };
  redis.on('error', (err) => markDown(conn, err));
  redis.on('ready', () => {
    if (conn.down) logLine('info', 'cache_redis_up', { prefix });
    conn.down = false;
    void flushPendingTags(conn);
  });
  shared.set(id, conn);
  return conn;
}

/** Logged once per outage, not once per request. */
function markDown(conn, err) {
  if (conn.down) return;
  conn.down = true;
  logLine('warn', 'cache_redis_down', { prefix: conn.prefix, message: String(err?.message ?? err), serving: 'uncached' });
}

/**
 * Invalidations that could not reach Redis: kept and written once it is back, so an entry cached before the
 * outage is not served after it with its tag's invalidation lost. (This server's own manifest has them already.)
 */
async function flushPendingTags(conn) {
  if (!conn.pendingTags.size) return;
  const pending = [...conn.pendingTags.values()];
  conn.pendingTags.clear();
  try {
    await writeTagTimes(conn, pending);
  } catch (err) {
    for (const p of pending) conn.pendingTags.set(p.tag, p);
    markDown(conn, err);
  }
}

async function writeTagTimes(conn, updates) {
  const multi = conn.redis.multi();
  for (const { tag, stale, expired } of updates) {
    if (stale !== undefined) multi.hset(`${conn.prefix}tags:stale`, tag, String(stale));
    if (expired !== undefined) multi.hset(`${conn.prefix}tags:expired`, tag, String(expired));
  }
  await multi.exec();
}

function entryTags(entry, ctx) {
  const value = entry.value;
  if (value?.kind === 'FETCH') return [...(ctx?.tags ?? []), ...(ctx?.softTags ?? []), ...(entry.tags ?? [])];
  const header = value?.headers?.[TAGS_HEADER];
  return typeof header === 'string' && header ? header.split(',') : [];
}

function ttlSeconds(data, ctx) {
  const revalidate = data?.kind === 'FETCH' ? data.revalidate : ctx?.cacheControl?.revalidate;
  const expire = ctx?.cacheControl?.expire;
  let ttl = typeof revalidate === 'number' && revalidate > 0 ? Math.max(revalidate * 12, MIN_TTL_S) : MAX_TTL_S;
  if (typeof expire === 'number' && expire > 0) ttl = Math.min(ttl, expire);
  return Math.min(Math.max(1, Math.ceil(ttl)), MAX_TTL_S);
}

class RedisCacheHandler {
  /** @param {unknown} _ctx Next's CacheHandlerContext; the file-system options in it do not apply here. */
  constructor(_ctx) {
    const url = process.env.REDIS_URL;
    if (!url) throw new Error('REDIS_URL is not set: next.config.ts selects this cache handler only when it is');
    this.conn = connectionFor(url, process.env.REDIS_PREFIX ?? 'shusheng:');
  }

  key(cacheKey) {
    return `${this.conn.prefix}entry:${cacheKey}`;
  }

  async get(cacheKey, ctx) {
    const { redis } = this.conn;
    try {
      const text = await redis.get(this.key(cacheKey));
      if (!text) return null;
      const entry = decodeEntry(text);
      const tags = [...new Set(entryTags(entry, ctx))];
      if (tags.length) {
        const [[, staleTimes], [, expiredTimes]] = await redis
          .multi()
          .hmget(`${this.conn.prefix}tags:stale`, ...tags)
          .hmget(`${this.conn.prefix}tags:expired`, ...tags)
          .exec();
        const now = Date.now();
        for (let i = 0; i < tags.length; i++) {
          const stale = staleTimes[i] === null ? undefined : Number(staleTimes[i]);
          const expired = expiredTimes[i] === null ? undefined : Number(expiredTimes[i]);
          if (tagsManifest && (stale !== undefined || expired !== undefined)) {
            const local = tagsManifest.get(tags[i]) ?? {};
            tagsManifest.set(tags[i], {
              ...local,
              ...(stale !== undefined ? { stale: Math.max(stale, local.stale ?? 0) } : {}),
              ...(expired !== undefined ? { expired: Math.max(expired, local.expired ?? 0) } : {}),
            });
          }
          // Expired since this entry was made: render now (what Next's own file-system cache does).
          if (expired !== undefined && expired <= now && expired > entry.lastModified) return null;
          if (!tagsManifest && stale !== undefined && stale > entry.lastModified) return null;
        }
      }
      return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
    } catch (err) {
      markDown(this.conn, err);
      return null;
    }
  }

  async set(cacheKey, data, ctx) {
    const fetchCache = Boolean(ctx?.fetchCache);
    const entry = {
      lastModified: Date.now(),
      value: data,
      cacheControl: fetchCache ? undefined : ctx?.cacheControl,
      tags: fetchCache ? (ctx?.tags ?? []) : [],
    };
    try {
      await this.conn.redis.set(this.key(cacheKey), encodeEntry(entry), 'EX', ttlSeconds(data, ctx));
    } catch (err) {
      // Not cached this time; the answer itself already went out.
      markDown(this.conn, err);
    }
  }

  /** Same rules as Next's file-system cache: with durations the tag goes stale now and expires later, else now. */
  async revalidateTag(tags, durations) {
    const list = typeof tags === 'string' ? [tags] : tags;
    if (!list.length) return;
    const now = Date.now();
    const updates = list.map((tag) =>
      durations
        ? { tag, stale: now, expired: durations.expire !== undefined ? now + durations.expire * 1000 : undefined }
        : { tag, stale: undefined, expired: now },
    );
    if (tagsManifest) {
      for (const u of updates) {
        const local = tagsManifest.get(u.tag) ?? {};
        tagsManifest.set(u.tag, {
          ...local,
          ...(u.stale !== undefined ? { stale: u.stale } : {}),
          ...(u.expired !== undefined ? { expired: u.expired } : {}),
        });
      }
    }
    try {
      await writeTagTimes(this.conn, updates);
    } catch (err) {
      for (const u of updates) this.conn.pendingTags.set(u.tag, u);
      markDown(this.conn, err);
    }
  }

  resetRequestCache() {}
}

/** Closes this process's connections (tests). */
async function closeRedisCacheConnections() {
  const all = [...shared.values()];
  shared.clear();
  await Promise.all(
    all.map(async (c) => {
      if (c.redis.status === 'ready') await c.redis.quit().catch(() => c.redis.disconnect());
      else c.redis.disconnect();
    }),
  );
}

module.exports = RedisCacheHandler;
module.exports.default = RedisCacheHandler;
module.exports.encodeEntry = encodeEntry;
module.exports.decodeEntry = decodeEntry;
module.exports.closeRedisCacheConnections = closeRedisCacheConnections;
