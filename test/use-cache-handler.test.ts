// Our 'use cache' handler (lib/cache/use-cache-handler.cjs, docs/deploy.md "Shared cache") on Next's CacheHandler
// interface: the in-process store always, and the Redis store shared by two "servers" when a Redis answers (each
// run under its own key prefix).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import UseCacheHandler from '../lib/cache/use-cache-handler.cjs';

const { createHandler, closeUseCacheConnections } = UseCacheHandler;
type Handler = ReturnType<typeof createHandler>;

// A test worker starved of CPU can stall past the handlers' 1 s command timeout (test/redis-cache-handler.test.ts).
process.env.REDIS_CACHE_TIMEOUT_MS = '10000';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = spawnSync(
  process.execPath,
  [
    '-e',
    `const u=new URL(process.argv[1]);const s=require('net').connect(Number(u.port||6379),u.hostname);s.setTimeout(1000);` +
      `s.on('connect',()=>{s.write('PING\\r\\n')});s.on('data',d=>process.exit(String(d).startsWith('+PONG')?0:1));` +
      `s.on('error',()=>process.exit(1));s.on('timeout',()=>process.exit(1));`,
    REDIS,
  ],
  { timeout: 3000 },
);
const reachable = probe.status === 0;
if (!reachable) console.log(`use-cache handler Redis tests skipped: no Redis answers at ${REDIS} (set TEST_REDIS_URL)`);

// Next's own record of tag invalidations for cached pages (the same module instance its server uses).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { areTagsExpired } = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js');

const stream = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(text));
      c.close();
    },
  });
/** An entry as Next's 'use cache' wrapper hands it over: `timestamp` is when the read started. */
const entry = (text: string, tags: string[], timestamp = Date.now()) => ({
  value: stream(text),
  tags,
  timestamp,
  stale: 30,
  revalidate: 300,
  expire: 86400,
});
const textOf = async (h: Handler, key: string, soft: string[] = []) => {
  const hit = await h.get(key, soft);
  return hit ? new Response(hit.value).text() : undefined;
};

function handlerWith(url: string | undefined, prefix?: string): Handler {
  const before = { url: process.env.REDIS_URL, prefix: process.env.REDIS_PREFIX };
  if (url === undefined) delete process.env.REDIS_URL;
  else process.env.REDIS_URL = url;
  if (prefix) process.env.REDIS_PREFIX = prefix;
  try {
    return createHandler();
  } finally {
    if (before.url === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = before.url;
    if (before.prefix === undefined) delete process.env.REDIS_PREFIX;
    else process.env.REDIS_PREFIX = before.prefix;
  }
}

const key = () => `k-${randomBytes(4).toString('hex')}`;
const tag = () => `novel:${randomBytes(3).readUIntBE(0, 3)}`;

/** The contract both stores keep; `two()` gives two servers' handlers (the same one in process). */
function contract(two: () => [Handler, Handler]) {
  it('serves what was stored, each time on a fresh stream, with the tags Next gave it', async () => {
    const [a, b] = two();
    const k = key();
    const t = tag();
    await a.set(k, Promise.resolve(entry('《长夜》', ['catalog', t])));
    expect(await textOf(b, k)).toBe('《长夜》');
    const hit = await b.get(k, []);
    expect(hit).toMatchObject({ tags: ['catalog', t], revalidate: 300, expire: 86400 });
    expect(await new Response(hit!.value).text()).toBe('《长夜》');
    expect(await b.get(key(), [])).toBeUndefined();
  });

  it('an expired tag (updateTag, invalidateNow) hides the entry at once; one filled after it is served', async () => {
    const [a, b] = two();
    const k = key();
    const t = tag();
    await a.set(k, Promise.resolve(entry('旧', ['catalog', t], Date.now() - 10)));
    await b.updateTags([t]);
    expect(await textOf(a, k)).toBeUndefined();
    expect(await textOf(b, k)).toBeUndefined();
    await new Promise((r) => setImmediate(r)); // the next millisecond's fill
    await a.set(k, Promise.resolve(entry('新', ['catalog', t], Date.now() + 1)));
    expect(await textOf(b, k)).toBe('新');
  });

  it('a stale tag (revalidateTag with a profile) serves the entry once more, marked for a background refresh', async () => {
    const [a, b] = two();
    const k = key();
    const t = tag();
    await a.set(k, Promise.resolve(entry('榜单', [t], Date.now() - 10)));
    await b.updateTags([t], { expire: 3600 });
    const hit = await a.get(k, []);
    expect(hit?.revalidate).toBe(-1);
    expect(await new Response(hit!.value).text()).toBe('榜单');
  });

  it('the fill race: a read that started before an invalidation is never served after it, though stored after it', async () => {
    const [a, b] = two();
    const k = key();
    const t = tag();
    const started = Date.now() - 5;
    let finish!: (e: unknown) => void;
    // The read began (its timestamp), then a tip landed and expired the tag, then the read finished and Next stored it.
    const storing = a.set(k, new Promise((resolve) => (finish = resolve)));
    await b.updateTags([t]);
    finish(entry('打赏前的总数', ['catalog', t], started));
    await storing;
    expect(await textOf(a, k)).toBeUndefined();
    expect(await textOf(b, k)).toBeUndefined();
  });

  it('getExpiration gives the latest expiry among soft tags (paths), 0 when none was expired', async () => {
    const [a, b] = two();
    const p1 = `_N_T_/m/novels/${tag()}`;
    const p2 = `_N_T_/m/novels/${tag()}`;
    expect(await a.getExpiration([p1, p2])).toBe(0);
    const before = Date.now();
    await b.updateTags([p2]);
    const at = await a.getExpiration([p1, p2]);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
}

describe('in-process store (no REDIS_URL)', () => {
  const h = handlerWith(undefined);
  contract(() => [h, h]);

  it("an invalidation is written into Next's page-cache record too, so pages built from the read are rebuilt", async () => {
    const t = tag();
    const before = Date.now() - 1;
    expect(areTagsExpired([t], before)).toBe(false);
    await h.updateTags([t]);
    expect(areTagsExpired([t], before)).toBe(true);
  });
});

(reachable ? describe : describe.skip)('Redis store shared by two servers', () => {
  const prefix = `test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  // Two spellings of one Redis: one connection per URL and prefix, so these are two servers' connections.
  const a = handlerWith(REDIS, prefix);
  const b = handlerWith(`${REDIS}/0`, prefix);

  // Commands fail at once while a connection is not up (no offline queue): wait for both servers' to be.
  beforeAll(async () => {
    for (const h of [a, b]) {
      const redis = (h as unknown as { store: { conn: { redis: Redis } } }).store.conn.redis;
      if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    }
  });

  afterAll(async () => {
    const r = new Redis(REDIS);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    await r.quit();
    await closeUseCacheConnections();
  });

  contract(() => [a, b]);

  it('keeps entries under the prefix with a TTL from their expire, and tag times in the hashes the page cache reads', async () => {
    const r = new Redis(REDIS);
    try {
      const k = key();
      const t = tag();
      await a.set(k, Promise.resolve(entry('x', [t])));
      const ttl = await r.ttl(`${prefix}uc:${k}`);
      expect(ttl).toBeGreaterThan(86000);
      expect(ttl).toBeLessThanOrEqual(86400);
      await b.updateTags([t]);
      expect(Number(await r.hget(`${prefix}tags:expired`, t))).toBeGreaterThan(0);
    } finally {
      await r.quit();
    }
  });
});
