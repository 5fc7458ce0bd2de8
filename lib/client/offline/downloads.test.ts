/** @jest-environment node */
import type { OfflineManifest } from '@/lib/shared/dto/offline';
import { clearMemberCaches, deleteChapters, downloadManifest, indexBytes, readIndex, recheckDownloads, type OfflineEnv } from './downloads';
import { STATIC_CACHE, memberCacheName, rewritePlaylist, staticAssets } from './keys';
import { MemoryCaches } from '@/test/memory-caches';

const PLAYLIST =
  '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\n0.ts?v=ab&m=7&e=1&s=ff\n#EXTINF:2.5,\n1.ts?v=ab&m=7&e=1&s=ff\n#EXT-X-ENDLIST\n';
const HTML = '<html><script src="/_next/static/chunks/app.js"></script><link href="/_next/static/css/a.css" rel="stylesheet"></html>';

function server(fail: (url: string) => boolean = () => false) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (fail(url)) return new Response('no', { status: 403 });
    if (url.includes('index.m3u8')) return new Response(PLAYLIST);
    if (/\/\d+\.ts\?/.test(url)) return new Response(new Uint8Array(url.includes('/0.ts') ? 1880 : 940));
    if (url.startsWith('/m/read/') || url.startsWith('/m/listen/') || url === '/m/downloads') return new Response(HTML);
    if (url.startsWith('/_next/static/')) return new Response('asset');
    return new Response('missing', { status: 404 });
  }) as typeof fetch;
  return { fetcher, asked };
}

function manifest(ids: number[], novelId = 1): OfflineManifest {
  return {
    novel_id: novelId,
    novel_title: '大唐归途',
    thumb: null,
    excluded: [],
    total_bytes: 0,
    chapters: ids.map((id, i) => ({
      article_id: id,
      idx: i + 1,
      title: `第${i + 1}章`,
      read_url: `/m/read/${id}`,
      paragraphs: ['一段'],
      text_bytes: 10,
      audio: {
        playlist_url: `/audio/${id}/index.m3u8?m=7&e=1&s=ff`,
        segments: [
          { name: '0.ts', bytes: 1880 },
          { name: '1.ts', bytes: 940 },
        ],
        time_track: [0],
        duration: 8.5,
        bytes: 2820,
      },
    })),
  };
}

const envWith = (fetcher: typeof fetch) => {
  const caches = new MemoryCaches();
  return { env: { caches: caches as unknown as CacheStorage, fetch: fetcher } satisfies OfflineEnv, caches };
};

describe('offline keys', () => {
  it('rewrites signed segment URIs to stable addresses, so a download outlives its signature', () => {
    expect(rewritePlaylist(PLAYLIST, 12)).toBe(
      '#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\n/offline/audio/12/0.ts\n#EXTINF:2.5,\n/offline/audio/12/1.ts\n#EXT-X-ENDLIST\n',
    );
    expect(staticAssets(HTML)).toEqual(['/_next/static/chunks/app.js', '/_next/static/css/a.css']);
  });
});

describe('downloadManifest', () => {
  it("keeps each chapter's audio under stable keys, its text and reader page in the member's cache, assets shared", async () => {
    const { fetcher, asked } = server();
    const { env, caches } = envWith(fetcher);
    const progress: number[] = [];
    const result = await downloadManifest(env, 7, manifest([101, 102, 103]), (done) => progress.push(done));
    expect(progress).toEqual([1, 2, 3]);
    expect(result.failed).toEqual([]);
    const mine = caches.map.get(memberCacheName(7))!;
    expect([...mine.entries.keys()].filter((k) => k.includes('/101'))).toEqual(
      expect.arrayContaining([
        '/offline/audio/101/0.ts',
        '/offline/audio/101/1.ts',
        '/offline/audio/101/index.m3u8',
        '/offline/text/101.json',
        '/m/read/101',
        // With its audio, the listen page too: listening starts offline from it.
        '/m/listen/101',
      ]),
    );
    expect(await (await mine.match('/offline/audio/101/index.m3u8'))!.text()).toContain('/offline/audio/101/0.ts\n');
    expect((await (await mine.match('/offline/audio/101/0.ts'))!.arrayBuffer()).byteLength).toBe(1880);
    // Segments were fetched with the playlist's own signature.
    expect(asked).toContain('/audio/101/0.ts?v=ab&m=7&e=1&s=ff');
    // Build assets are shared and fetched once for all three pages.
    expect(asked.filter((u) => u === '/_next/static/chunks/app.js')).toHaveLength(1);
    expect(await caches.map.get(STATIC_CACHE)!.match('/_next/static/css/a.css')).toBeDefined();
    // The 已下载 page is kept once, with the first download, so it opens offline.
    expect(await mine.match('/m/downloads')).toBeDefined();
    expect(asked.filter((u) => u === '/m/downloads')).toHaveLength(1);

    const index = await readIndex(env, 7);
    expect(index.novels).toHaveLength(1);
    expect(index.novels[0]!.chapters.map((c) => c.article_id)).toEqual([101, 102, 103]);
    expect(index.novels[0]!.chapters[0]!.duration).toBe(8.5);
    expect(indexBytes(index)).toBe(result.bytes);
    expect(result.bytes).toBeGreaterThan(3 * 2820);
    // Nothing of member 7 is visible to member 8.
    expect((await readIndex(env, 8)).novels).toEqual([]);
  });

  it('a chapter that fails half way leaves nothing behind and is not listed', async () => {
    const { fetcher } = server((url) => url.startsWith('/audio/102/1.ts'));
    const { env, caches } = envWith(fetcher);
    const result = await downloadManifest(env, 7, manifest([101, 102]));
    expect(result.failed).toEqual([102]);
    const keys = [...caches.map.get(memberCacheName(7))!.entries.keys()];
    expect(keys.filter((k) => k.includes('102'))).toEqual([]);
    expect((await readIndex(env, 7)).novels[0]!.chapters.map((c) => c.article_id)).toEqual([101]);
  });
});

describe('deleting and re-checking', () => {
  it('deleteChapters removes bytes and rows; an emptied novel leaves the list', async () => {
    const { env, caches } = envWith(server().fetcher);
    await downloadManifest(env, 7, manifest([101, 102]));
    await downloadManifest(env, 7, manifest([201], 2));
    await deleteChapters(env, 7, [101, 102]);
    const index = await readIndex(env, 7);
    expect(index.novels.map((n) => n.novel_id)).toEqual([2]);
    expect([...caches.map.get(memberCacheName(7))!.entries.keys()].some((k) => k.includes('/101'))).toBe(false);
  });

  it('recheckDownloads deletes what the server no longer allows, and nothing when the server cannot be asked', async () => {
    const { env } = envWith(server().fetcher);
    await downloadManifest(env, 7, manifest([101, 102, 103]));
    const asked: number[][] = [];
    const removed = await recheckDownloads(env, 7, async (ids) => {
      asked.push(ids);
      return { allowed: [101, 103], removed: [102] };
    });
    expect(asked).toEqual([[101, 102, 103]]);
    expect(removed).toEqual([102]);
    expect((await readIndex(env, 7)).novels[0]!.chapters.map((c) => c.article_id)).toEqual([101, 103]);
    await expect(
      recheckDownloads(env, 7, async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    expect((await readIndex(env, 7)).novels[0]!.chapters).toHaveLength(2);
  });

  it("sign-out clears every member's downloads but keeps the shared build assets", async () => {
    const { env, caches } = envWith(server().fetcher);
    await downloadManifest(env, 7, manifest([101]));
    await downloadManifest(env, 8, manifest([101]));
    await clearMemberCaches(env, 8);
    expect([...caches.map.keys()].sort()).toEqual([STATIC_CACHE, memberCacheName(8)].sort());
    await clearMemberCaches(env);
    expect([...caches.map.keys()]).toEqual([STATIC_CACHE]);
  });
});
