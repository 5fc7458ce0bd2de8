import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import * as fakeIdb from 'fake-indexeddb';
import { MemoryCaches } from './memory-caches';

/**
 * public/sw.js — the bundle scripts/build-sw.mjs makes from lib/sw/*.ts and the serwist library, as browsers get
 * it — run in a VM with an in-memory Cache Storage and IndexedDB: which cache answers what, for which member, what
 * sign-out and the re-check delete, and how build assets expire (docs/offline.md).
 */
const SOURCE = fs.readFileSync(path.join(__dirname, '..', 'public', 'sw.js'), 'utf8');
const ORIGIN = 'http://app';

type Listener = (event: unknown) => void;

/** A request as a fetch event carries it (Node's Request cannot be made with mode "navigate"). */
function fakeRequest(url: string, mode: RequestMode): Request {
  const req = { url, method: 'GET', mode, headers: new Headers(), credentials: 'same-origin', clone: () => fakeRequest(url, mode) };
  return req as unknown as Request;
}

function worker(network: (url: string) => Promise<Response>) {
  const listeners: Record<string, Listener[]> = {};
  const caches = new MemoryCaches();
  const asked: string[] = [];
  const location = new URL(`${ORIGIN}/sw.js`);
  // The worker's clock: each fetch event a second after the last, so "least recently used" is never a tie.
  const clock = { now: Date.parse('2026-11-26T00:00:00Z') };
  class WorkerDate extends Date {
    static now() {
      return clock.now;
    }
  }
  const self = {
    location,
    registration: { scope: `${ORIGIN}/` },
    caches,
    addEventListener: (type: string, fn: Listener) => (listeners[type] ??= []).push(fn),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  const hostFetch = async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    asked.push(url);
    return network(url);
  };
  const {
    IDBFactory,
    IDBKeyRange,
    IDBRequest,
    IDBOpenDBRequest,
    IDBDatabase,
    IDBObjectStore,
    IDBIndex,
    IDBCursor,
    IDBCursorWithValue,
    IDBTransaction,
  } = fakeIdb;
  const context = vm.createContext({
    ...{ self, caches, location, Request, Response, Headers, URL, URLSearchParams, console, setTimeout, clearTimeout, queueMicrotask },
    ...{ indexedDB: new IDBFactory(), IDBKeyRange, IDBRequest, IDBOpenDBRequest, IDBDatabase, IDBObjectStore, IDBIndex, IDBCursor },
    ...{ IDBCursorWithValue, IDBTransaction, FetchEvent: class FetchEvent {}, DOMException, Date: WorkerDate },
  });
  // A failed fetch rejects with the worker's own TypeError, as a browser's would (the library checks instanceof Error).
  context.fetch = vm.runInContext(
    '(f) => (input, init) => f(input, init).catch((e) => { throw new TypeError(e && e.message); })',
    context,
  )(hostFetch);
  vm.runInContext(SOURCE, context);

  /** Dispatches an event and waits for everything it asked to wait for, including what those asked for later. */
  async function settle(waits: Promise<unknown>[]) {
    for (let done = 0; done < waits.length; done = waits.length) await Promise.allSettled(waits.slice(done));
  }
  async function message(data: unknown) {
    const waits: Promise<unknown>[] = [];
    for (const fn of listeners.message ?? []) fn({ data, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await settle(waits);
  }
  /** A fetch event: the worker's answer, or null when it leaves the request to the browser. */
  async function request(url: string, mode: RequestMode = 'cors'): Promise<Response | null> {
    clock.now += 1000;
    let answer: Promise<Response> | null = null;
    const waits: Promise<unknown>[] = [];
    const event = {
      request: fakeRequest(new URL(url, ORIGIN).href, mode),
      respondWith: (p: Promise<Response>) => (answer = p),
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    };
    for (const fn of listeners.fetch ?? []) fn(event);
    if (!answer) return null;
    try {
      return await answer;
    } finally {
      await settle(waits);
    }
  }
  return { caches, message, request, asked, clock };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const online = (url: string) => Promise.resolve(new Response(`net ${new URL(url, 'http://app').pathname}`));

async function withDownload(w: ReturnType<typeof worker>, memberId: number, aid: number) {
  const cache = await w.caches.open(`shusheng-offline-m${memberId}`);
  await cache.put(`/offline/audio/${aid}/index.m3u8`, new Response(`#EXTM3U\n/offline/audio/${aid}/0.ts\n`));
  await cache.put(`/offline/audio/${aid}/0.ts`, new Response(`seg ${aid}`));
  await cache.put(`/m/read/${aid}`, new Response(`page ${aid}`));
  await cache.put(`/m/listen/${aid}`, new Response(`listen ${aid}`));
  await cache.put(`/offline/text/${aid}.json`, new Response('{}'));
  const index = (await (await cache.match('/offline/index.json'))?.json()) ?? { novels: [{ novel_id: 1, title: 'x', chapters: [] }] };
  index.novels[0].chapters.push({ article_id: aid, idx: aid, title: String(aid), bytes: 10, duration: 6 });
  await cache.put('/offline/index.json', new Response(JSON.stringify(index)));
}

describe('service worker', () => {
  it("answers stable download addresses only from the signed-in member's cache", async () => {
    let net = online;
    const w = worker((u) => net(u));
    await withDownload(w, 7, 101);
    await w.message({ type: 'member', id: 7 });
    expect(await (await w.request('/offline/audio/101/0.ts'))!.text()).toBe('seg 101');
    expect((await w.request('/offline/audio/102/0.ts'))!.status).toBe(404);
    // Offline, a signed playlist or segment is answered from the download, whatever its (expired) signature.
    net = offline;
    expect(await (await w.request('/audio/101/index.m3u8?m=7&e=1&s=ff'))!.text()).toContain('/offline/audio/101/0.ts');
    expect(await (await w.request('/audio/101/0.ts?v=ab&m=7&e=1&s=ff'))!.text()).toBe('seg 101');
    // And the reader page of a downloaded chapter opens; another chapter's does not.
    expect(await (await w.request('/m/read/101?nid=1', 'navigate'))!.text()).toBe('page 101');
    expect(await (await w.request('/m/read/102', 'navigate'))!.text()).toContain('当前处于离线状态');
    // Its listen page too, so listening starts offline; online the network answers it (nothing kept from there).
    expect(await (await w.request('/m/listen/101?read_type=1', 'navigate'))!.text()).toBe('listen 101');
    expect(await (await w.request('/m/listen/102', 'navigate'))!.text()).toContain('当前处于离线状态');
    net = online;
    expect(await (await w.request('/m/listen/101', 'navigate'))!.text()).toBe('net /m/listen/101');
    expect(await (await w.request('/m/listen/102', 'navigate'))!.text()).toBe('net /m/listen/102');
    expect(await (await w.caches.open('shusheng-offline-m7')).match('/m/listen/102')).toBeUndefined();
  });

  it('online, signed media goes to the network (the server keeps deciding), and the API is never touched', async () => {
    const w = worker(online);
    await withDownload(w, 7, 101);
    await w.message({ type: 'member', id: 7 });
    expect(await (await w.request('/audio/101/0.ts?v=ab&m=7&e=1&s=ff'))!.text()).toBe('net /audio/101/0.ts');
    expect(await w.request('/v1/read/101')).toBeNull();
    expect(await (await w.request('/m/novels/1', 'navigate'))!.text()).toBe('net /m/novels/1');
  });

  it("never serves one member's download to another, and sign-out deletes them all", async () => {
    const w = worker(offline);
    await withDownload(w, 7, 101);
    await w.message({ type: 'member', id: 7 });
    await withDownload(w, 7, 102);
    // Member 8 signs in on this browser: 7's downloads go, and nothing of 7's is answered.
    await w.message({ type: 'member', id: 8 });
    expect([...w.caches.map.keys()].filter((n) => n.startsWith('shusheng-offline-m'))).toEqual([]);
    expect((await w.request('/offline/audio/101/0.ts'))!.status).toBe(404);
    await withDownload(w, 8, 201);
    expect(await (await w.request('/offline/audio/201/0.ts'))!.text()).toBe('seg 201');
    // Sign-out: no member, no downloads, nothing answered.
    await w.message({ type: 'member', id: null });
    expect([...w.caches.map.keys()].filter((n) => n.startsWith('shusheng-offline-m'))).toEqual([]);
    expect((await w.request('/offline/audio/201/0.ts'))!.status).toBe(404);
  });

  it('keeps the shelf for offline and build assets for everyone; caches no other page', async () => {
    let net = online;
    const w = worker((u) => net(u));
    await w.message({ type: 'member', id: 7 });
    await w.request('/m/shelf', 'navigate');
    await w.request('/_next/static/chunks/a.js');
    expect(await (await w.request('/m/my', 'navigate'))!.text()).toBe('net /m/my');
    net = offline;
    expect(await (await w.request('/m/shelf', 'navigate'))!.text()).toBe('net /m/shelf');
    expect(await (await w.request('/_next/static/chunks/a.js'))!.text()).toBe('net /_next/static/chunks/a.js');
    expect([...(await w.caches.open('shusheng-offline-m7')).entries.keys()]).toEqual(['/m/shelf']);
  });

  it('re-check deletes what the server no longer allows, and nothing when the answer is not clear', async () => {
    let answer: unknown = { code: 0, data: { allowed: [101], removed: [102] } };
    const w = worker((u) => (u.startsWith('/v1/offline/check') ? Promise.resolve(Response.json(answer)) : offline()));
    await withDownload(w, 7, 101);
    await withDownload(w, 7, 102);
    await w.message({ type: 'member', id: 7 });
    answer = { code: 90002, message: '请先登录' };
    await w.message({ type: 'recheck', id: 7 });
    expect((await w.request('/offline/audio/102/0.ts'))!.status).toBe(200);
    // A page load soon after asks nothing (at most every 10 minutes); coming back online asks at once.
    answer = { code: 0, data: { allowed: [101], removed: [102] } };
    const asked = w.asked.length;
    await w.message({ type: 'recheck', id: 7 });
    expect(w.asked.length).toBe(asked);
    // Another member's id in the message is ignored.
    await w.message({ type: 'recheck', id: 8, force: true });
    expect(w.asked.length).toBe(asked);
    await w.message({ type: 'recheck', id: 7, force: true });
    expect(w.asked.at(-1)).toBe('/v1/offline/check?article_ids=101,102');
    expect((await w.request('/offline/audio/102/0.ts'))!.status).toBe(404);
    expect((await w.request('/offline/audio/101/0.ts'))!.status).toBe(200);
    const cache = await w.caches.open('shusheng-offline-m7');
    expect([...cache.entries.keys()].some((k) => k.includes('102'))).toBe(false);
    const index = await (await cache.match('/offline/index.json'))!.json();
    expect(index.novels[0].chapters.map((c: { article_id: number }) => c.article_id)).toEqual([101]);
  });

  it('build assets expire by use: old releases go, the files a kept page needs stay', async () => {
    const w = worker(online);
    await w.message({ type: 'member', id: 7 });
    const asset = (n: number | string) => `/_next/static/chunks/${n}.js`;
    // A chapter downloaded under an older release: its reader page loads old.js, which the server no longer has.
    await w.request(asset('old'));
    await withDownload(w, 7, 101);
    const member = await w.caches.open('shusheng-offline-m7');
    await member.put('/m/read/101', new Response(`<script src="${asset('old')}"></script>`));
    // Then 399 files of newer releases fill the cache to its 400 (old.js the least recently used of them).
    for (let n = 0; n < 399; n++) await w.request(asset(n));
    const statics = await w.caches.open('shusheng-static');
    expect(statics.entries.size).toBe(400);
    // A file used again counts as recent; the re-check marks what kept pages load as used.
    await w.request(asset(0));
    w.clock.now += 11 * 60 * 1000;
    await w.message({ type: 'recheck', id: 7 });
    await w.request(asset(399));
    await w.request(asset(400));
    const kept = [...statics.entries.keys()];
    expect(kept).toHaveLength(400);
    expect(kept).toEqual(expect.arrayContaining([asset('old'), asset(0), asset(399), asset(400)]));
    // The two least recently used files of the newer releases went instead.
    expect(kept).not.toContain(asset(1));
    expect(kept).not.toContain(asset(2));
    expect(kept).toContain(asset(3));
    // Errors are never kept, so they never push a build file out.
    const failing = worker(() => Promise.resolve(new Response('gone', { status: 404 })));
    expect((await failing.request(asset('missing')))!.status).toBe(404);
    expect((await failing.caches.open('shusheng-static')).entries.size).toBe(0);
  });
});

describe('recent chapters and the offline page (docs/offline.md "Recent chapters")', () => {
  /** The network: reader pages, and the chapter API saying which chapters are free, unlocked or locked. */
  function net(access: Record<number, string>) {
    let up = true;
    const fetcher = (url: string) => {
      if (!up) return offline();
      const path = new URL(url, ORIGIN).pathname;
      const api = /^\/v1\/read\/(\d+)$/.exec(path);
      if (api) {
        const a = access[Number(api[1])] ?? 'locked';
        return Promise.resolve(
          Response.json({
            code: 0,
            data: { novel_id: 1, title: `第${api[1]}章`, access: a, locked: a === 'locked', novel: { title: '书' } },
          }),
        );
      }
      return online(url);
    };
    return { fetcher, down: () => (up = false) };
  }
  const read = (aid: number, id: number | null, access: string, next = 0) => ({
    type: 'recent',
    ...{ id, aid, nid: 1, title: `第${aid}章`, novel: '书', access, next },
  });

  it("keeps a guest's free chapter and the next free one, opens them offline, and lists them on our offline page", async () => {
    const n = net({ 5: 'free', 6: 'free' });
    const w = worker(n.fetcher);
    await w.message(read(5, null, 'free', 6));
    n.down();
    expect(await (await w.request('/m/read/5?nid=1', 'navigate'))!.text()).toBe('net /m/read/5');
    expect(await (await w.request('/m/read/6', 'navigate'))!.text()).toBe('net /m/read/6');
    // A page never kept: our offline page, listing what opens.
    const page = await (await w.request('/m/novels/1', 'navigate'))!.text();
    expect(page).toContain('当前处于离线状态');
    expect(page).toContain('href="/m/read/5?nid=1"');
    expect(page).toContain('href="/m/read/6?nid=1"');
    expect(page).toContain('下一章，已提前保存');
    expect(await (await w.request('/m/read/9', 'navigate'))!.text()).toContain('当前处于离线状态');
  });

  it('a guest never keeps a paid chapter, and a prefetch never asks for a locked page (auto-buy would spend)', async () => {
    const n = net({ 5: 'free', 6: 'locked' });
    const w = worker(n.fetcher);
    await w.message(read(4, null, 'unlocked', 5));
    await w.message(read(5, null, 'free', 6));
    expect(w.asked).not.toContain('/m/read/4');
    expect(w.asked).not.toContain('/m/read/6');
    const guest = await w.caches.open('shusheng-recent-guest');
    expect([...guest.entries.keys()].sort()).toEqual(['/offline/recent.json', '/offline/recent/5']);
  });

  it("keeps a member's paid chapter in their own cache only; sign-out deletes it", async () => {
    const n = net({ 8: 'unlocked' });
    const w = worker(n.fetcher);
    await w.message(read(7, 3, 'unlocked', 8));
    expect((await w.caches.open('shusheng-offline-m3')).entries.has('/offline/recent/8')).toBe(true);
    expect([...(await w.caches.open('shusheng-recent-guest')).entries.keys()]).toEqual([]);
    n.down();
    expect(await (await w.request('/m/read/7', 'navigate'))!.text()).toBe('net /m/read/7');
    await w.message({ type: 'member', id: null });
    expect(await (await w.request('/m/read/7', 'navigate'))!.text()).toContain('当前处于离线状态');
    expect([...w.caches.map.keys()].filter((k) => k.startsWith('shusheng-offline-m'))).toEqual([]);
  });

  it('keeps the last 10 chapters read and 1 prefetched, the oldest evicted', async () => {
    const access: Record<number, string> = {};
    for (let aid = 1; aid <= 14; aid++) access[aid] = 'free';
    const w = worker(net(access).fetcher);
    for (let aid = 1; aid <= 12; aid++) {
      w.clock.now += 1000;
      await w.message(read(aid, null, 'free', aid + 1));
    }
    const guest = await w.caches.open('shusheng-recent-guest');
    const list = (await (await guest.match('/offline/recent.json'))!.json()).chapters as { aid: number; prefetched?: boolean }[];
    expect(list.filter((c) => !c.prefetched).map((c) => c.aid)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(list.filter((c) => c.prefetched).map((c) => c.aid)).toEqual([13]);
    const pages = [...guest.entries.keys()].filter((k) => k.startsWith('/offline/recent/'));
    expect(pages).toHaveLength(11);
    expect(pages).not.toContain('/offline/recent/1');
    expect(pages).not.toContain('/offline/recent/2');
  });

  it("the re-check deletes a member's recent chapter the server no longer allows (a refund)", async () => {
    const n = net({});
    const w = worker((u) =>
      u.startsWith('/v1/offline/check') ? Promise.resolve(Response.json({ code: 0, data: { allowed: [], removed: [301] } })) : n.fetcher(u),
    );
    await w.message(read(301, 7, 'unlocked'));
    const cache = await w.caches.open('shusheng-offline-m7');
    expect(cache.entries.has('/offline/recent/301')).toBe(true);
    await w.message({ type: 'recheck', id: 7, force: true });
    expect(w.asked.at(-1)).toBe('/v1/offline/check?article_ids=301');
    expect(cache.entries.has('/offline/recent/301')).toBe(false);
    expect((await (await cache.match('/offline/recent.json'))!.json()).chapters).toEqual([]);
  });

  it('offline, the shelf never seen and any other /m page answer our offline page', async () => {
    const w = worker(offline);
    await w.message({ type: 'member', id: 7 });
    await withDownload(w, 7, 101);
    const shelf = await (await w.request('/m/shelf', 'navigate'))!.text();
    expect(shelf).toContain('当前处于离线状态');
    // The member's downloads are listed, with the way to them.
    expect(shelf).toContain('href="/m/downloads"');
    expect(await (await w.request('/m', 'navigate'))!.text()).toContain('当前处于离线状态');
  });
});
