import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { MemoryCaches } from './memory-caches';

/**
 * public/sw.js run in a VM with an in-memory Cache Storage: which cache answers what, for which member, and what
 * sign-out and the re-check delete (docs/offline.md).
 */
const SOURCE = fs.readFileSync(path.join(__dirname, '..', 'public', 'sw.js'), 'utf8');

function worker(network: (url: string) => Promise<Response>) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const caches = new MemoryCaches();
  const asked: string[] = [];
  const self = {
    location: { origin: 'http://app' },
    addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn),
    skipWaiting: () => undefined,
    clients: { claim: async () => undefined },
  };
  const fetchFn = async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    asked.push(url);
    return network(url);
  };
  vm.runInNewContext(SOURCE, { self, caches, fetch: fetchFn, Response, Request, URL, JSON, Set, Number, console });

  async function message(data: unknown) {
    let done: Promise<unknown> = Promise.resolve();
    listeners.message!({ data, waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  }
  /** A fetch event: the worker's answer, or null when it leaves the request to the browser. */
  async function request(url: string, mode: RequestMode = 'cors'): Promise<Response | null> {
    let answer: Promise<Response> | null = null;
    const req = { url: new URL(url, 'http://app').href, method: 'GET', mode };
    listeners.fetch!({ request: req, respondWith: (p: Promise<Response>) => (answer = p) });
    return answer;
  }
  return { caches, message, request, asked };
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
    await expect(w.request('/m/read/102', 'navigate')).rejects.toThrow('Failed to fetch');
    // Its listen page too, so listening starts offline; online the network answers it (nothing kept from there).
    expect(await (await w.request('/m/listen/101?read_type=1', 'navigate'))!.text()).toBe('listen 101');
    await expect(w.request('/m/listen/102', 'navigate')).rejects.toThrow('Failed to fetch');
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
    expect(await w.request('/m/novels/1', 'navigate')).toBeNull();
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
    expect(await w.request('/m/my', 'navigate')).toBeNull();
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
});
