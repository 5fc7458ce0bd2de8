// The shared Redis page-cache handler (lib/cache/redis-cache-handler.cjs, docs/deploy.md "Shared cache") against the
// real Redis: two "servers" are two connections under one prefix; each test run has its own prefix.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import RedisCacheHandler from '../lib/cache/redis-cache-handler.cjs';
import { cacheRedisOptions } from '../lib/cache/redis-options.cjs';

const { closeRedisCacheConnections, decodeEntry, encodeEntry } = RedisCacheHandler;

// A test worker starved of CPU (2 cores, the whole suite) can stall past the handlers' 1 s command timeout, and a
// timed-out write is dropped as if Redis were down: the two "servers" here wait for Redis, not for the clock.
process.env.REDIS_CACHE_TIMEOUT_MS = '10000';

const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// Decided before the tests are declared, so an unreachable Redis skips them (with a line saying so) instead of failing.
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
if (!reachable) console.log(`redis cache handler tests skipped: no Redis answers at ${REDIS} (set TEST_REDIS_URL)`);
const describeRedis = reachable ? describe : describe.skip;

// Next's own tag record, which the handler mirrors Redis into (the same module instance Next's server uses).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { areTagsStale, tagsManifest } = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js');

const prefix = `test:${process.pid}:${randomBytes(4).toString('hex')}:`;
// Two spellings of one Redis: the handler keeps one connection per URL and prefix, so these are two servers' connections.
const serverA = () => handlerOn(REDIS, prefix);
const serverB = () => handlerOn(`${REDIS}/0`, prefix);

function handlerOn(url: string, keyPrefix: string) {
  const before = { url: process.env.REDIS_URL, prefix: process.env.REDIS_PREFIX };
  process.env.REDIS_URL = url;
  process.env.REDIS_PREFIX = keyPrefix;
  try {
    return new RedisCacheHandler({});
  } finally {
    process.env.REDIS_URL = before.url;
    process.env.REDIS_PREFIX = before.prefix;
  }
}

/** A fetch-kind entry (Next's fetch cache; our own reads are 'use cache' entries, test/use-cache-handler.test.ts). */
const fetchEntry = (title: string) => ({
  kind: 'FETCH',
  data: { headers: {}, body: JSON.stringify({ title }), status: 200 },
  revalidate: 300,
});
const fetchCtx = (...tags: string[]) => ({ kind: 'FETCH', revalidate: 300, tags: ['catalog', ...tags], softTags: [] });
const setFetch = (...tags: string[]) => ({ fetchCache: true, tags: ['catalog', ...tags] });

async function waitReady(h: RedisCacheHandler) {
  const redis = (h as unknown as { conn: { redis: Redis } }).conn.redis;
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
}

describeRedis('shared Redis cache handler', () => {
  let admin: Redis;
  beforeAll(async () => {
    admin = new Redis(REDIS);
    await waitReady(serverA());
    await waitReady(serverB());
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    await admin.quit();
    await closeRedisCacheConnections();
  });

  it('a page cached by one server is served by the other, bytes and segment map intact', async () => {
    const rsc = Buffer.from([0, 1, 2, 250, 255]);
    const page = {
      kind: 'APP_PAGE',
      html: '<html lang="zh-CN"><body>书声 ئۇيغۇرچە བོད་ཡིག</body></html>',
      rscData: rsc,
      headers: { 'x-next-cache-tags': 'novel:7,_N_T_/m/novels/7' },
      status: 200,
      segmentData: new Map([['/_tree', Buffer.from('tree')]]),
      postponed: undefined,
    };
    await serverA().set('/m/novels/7', page, { cacheControl: { revalidate: 300, expire: 31536000 } });
    expect(await admin.exists(`${prefix}entry:/m/novels/7`)).toBe(1);
    const got = await serverB().get('/m/novels/7', { kind: 'APP_PAGE', isFallback: false });
    expect(got?.value.html).toBe(page.html);
    expect(Buffer.isBuffer(got?.value.rscData)).toBe(true);
    expect(got?.value.rscData.equals(rsc)).toBe(true);
    expect(got?.value.segmentData.get('/_tree').toString()).toBe('tree');
    expect(got?.cacheControl).toEqual({ revalidate: 300, expire: 31536000 });
  });

  it('a tag expired on one server makes the other render anew, and only entries carrying that tag', async () => {
    await serverA().set('read:novel:1', fetchEntry('旧书名'), setFetch('novel:1'));
    await serverA().set('read:novel:2', fetchEntry('第二本'), setFetch('novel:2'));
    expect((await serverB().get('read:novel:1', fetchCtx('novel:1')))?.value.data.body).toContain('旧书名');

    await serverA().revalidateTag(['novel:1']);
    expect(await serverB().get('read:novel:1', fetchCtx('novel:1'))).toBeNull();
    expect((await serverB().get('read:novel:2', fetchCtx('novel:2')))?.value.data.body).toContain('第二本');

    // The entry written after the invalidation (the fresh render) is served again.
    await new Promise((r) => setTimeout(r, 5));
    await serverB().set('read:novel:1', fetchEntry('新书名'), setFetch('novel:1'));
    expect((await serverA().get('read:novel:1', fetchCtx('novel:1')))?.value.data.body).toContain('新书名');
  });

  it('a tag marked stale elsewhere reaches Next on this server as stale (served once, refreshed in the background)', async () => {
    await serverA().set('read:list:3', fetchEntry('榜单'), setFetch('list:3'));
    const before = await serverB().get('read:list:3', fetchCtx('list:3'));
    expect(areTagsStale(['list:3'], before!.lastModified)).toBe(false);
    tagsManifest.delete('list:3');

    // Another server's invalidate() ('max': stale now, expired much later): only Redis knows.
    const serverC = handlerOn(REDIS.replace('127.0.0.1', 'localhost'), prefix);
    await waitReady(serverC);
    await serverC.revalidateTag('list:3', { expire: 3600 });
    tagsManifest.delete('list:3');
    const after = await serverB().get('read:list:3', fetchCtx('list:3'));
    expect(after?.value.data.body).toContain('榜单');
    expect(areTagsStale(['list:3'], after!.lastModified)).toBe(true);
  });

  it('keeps deployments apart by prefix: neither entries nor invalidations cross', async () => {
    const other = handlerOn(REDIS, `${prefix}other:`);
    await serverA().set('read:novel:9', fetchEntry('本站'), setFetch('novel:9'));
    expect(await other.get('read:novel:9', fetchCtx('novel:9'))).toBeNull();
    await other.set('read:novel:9', fetchEntry('别站'), setFetch('novel:9'));
    await other.revalidateTag('novel:9');
    expect((await serverB().get('read:novel:9', fetchCtx('novel:9')))?.value.data.body).toContain('本站');
  });

  it('an invalidation made while Redis was out of reach is written when it is back, so no server serves the old entry', async () => {
    // A relay to Redis that we cut and restore: this "server" loses Redis while the others keep it.
    const target = new URL(REDIS);
    const open = new Set<net.Socket>();
    const relay = () =>
      net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          open.add(s);
          s.on('error', () => {});
          s.on('close', () => open.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
    let server = relay();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const cut = handlerOn(`redis://127.0.0.1:${port}`, prefix);
    await waitReady(cut);

    await serverA().set('read:novel:77', fetchEntry('旧'), setFetch('novel:77'));
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of open) s.destroy();
    });
    await new Promise((r) => setTimeout(r, 50));
    await cut.revalidateTag('novel:77');
    // Redis never heard of it: the other servers would still serve the old entry…
    expect(await admin.hget(`${prefix}tags:expired`, 'novel:77')).toBeNull();

    server = relay();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await waitReady(cut);
    // …until the connection is back and the kept invalidation is written.
    let written: string | null = null;
    for (let i = 0; i < 40 && !written; i++) {
      written = await admin.hget(`${prefix}tags:expired`, 'novel:77');
      if (!written) await new Promise((r) => setTimeout(r, 50));
    }
    expect(Number(written)).toBeGreaterThan(0);
    tagsManifest.delete('novel:77');
    expect(await serverB().get('read:novel:77', fetchCtx('novel:77'))).toBeNull();
    await closeRedisCacheConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of open) s.destroy();
    await waitReady(serverA());
    await waitReady(serverB());
  });

  it('stores an entry past its revalidate period (for serving stale) but not for ever', async () => {
    await serverA().set('read:ttl', fetchEntry('x'), setFetch('novel:5'));
    const ttl = await admin.ttl(`${prefix}entry:read:ttl`);
    expect(ttl).toBeGreaterThan(300);
    expect(ttl).toBeLessThanOrEqual(3600);
  });

  it('a cached value another client wrote under our keys cannot smuggle in a Buffer or Map lookalike with extra fields', async () => {
    const text = encodeEntry({ value: { $buf: 'AA==', extra: 1 }, other: { $map: [['a', 1]], x: 2 } });
    const back = decodeEntry(text);
    expect(Buffer.isBuffer(back.value)).toBe(false);
    expect(back.other).toEqual({ $map: [['a', 1]], x: 2 });
  });
});

describe('shared Redis cache handler with Redis down', () => {
  afterAll(() => closeRedisCacheConnections());

  it('serves uncached and says so once, never throws', async () => {
    const lines: string[] = [];
    const spy = jest.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(String(line)));
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'warn';
    try {
      // A port nothing listens on.
      const h = handlerOn('redis://127.0.0.1:1', 'test:down:');
      for (let i = 0; i < 3; i++) {
        await expect(h.get('read:novel:1', fetchCtx('novel:1'))).resolves.toBeNull();
        await expect(h.set('read:novel:1', fetchEntry('x'), setFetch('novel:1'))).resolves.toBeUndefined();
        await expect(h.revalidateTag('novel:1')).resolves.toBeUndefined();
      }
      await new Promise((r) => setTimeout(r, 300));
      const down = lines.filter((l) => l.includes('"event":"cache_redis_down"'));
      expect(down).toHaveLength(1);
      expect(JSON.parse(down[0]!)).toMatchObject({ level: 'warn', prefix: 'test:down:', serving: 'uncached' });
      // The invalidation made during the outage is this server's own at once.
      expect(tagsManifest.get('novel:1')?.expired).toBeGreaterThan(0);
    } finally {
      process.env.LOG_LEVEL = level;
      spy.mockRestore();
    }
  });
});

describe("the cache handlers' Redis connection", () => {
  afterEach(() => {
    process.env.REDIS_CACHE_TIMEOUT_MS = '10000';
  });

  it('fails a command unanswered within REDIS_CACHE_TIMEOUT_MS, 1 s unless set, and never queues one while Redis is down', () => {
    delete process.env.REDIS_CACHE_TIMEOUT_MS;
    expect(cacheRedisOptions()).toMatchObject({
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      commandTimeout: 1000,
    });
    for (const bad of ['', 'soon', '-5', '0', 'Infinity']) {
      process.env.REDIS_CACHE_TIMEOUT_MS = bad;
      expect(cacheRedisOptions().commandTimeout).toBe(1000);
    }
    process.env.REDIS_CACHE_TIMEOUT_MS = '2500';
    expect(cacheRedisOptions()).toMatchObject({ connectTimeout: 2500, commandTimeout: 2500 });
    expect(cacheRedisOptions().retryStrategy(1)).toBe(250);
    expect(cacheRedisOptions().retryStrategy(100)).toBe(2000);
  });
});
