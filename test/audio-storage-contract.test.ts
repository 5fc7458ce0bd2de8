import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3AudioStorage, s3SettingsFromEnv } from '@/lib/server/audio/s3-storage';
import { FsAudioStorage, storageFromEnv, type AudioStorage } from '@/lib/server/audio/storage';
import { s3StorageOn, useS3Server } from './s3-server';

// The storage contract (docs/storage.md "The storage calls"), run the same on both backends: the filesystem one
// over a temporary folder and the S3 one over a local s3rver bucket.

const s3 = useS3Server(['contract', 'paging']);
const fsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-contract-fs-'));
afterAll(() => fs.rmSync(fsRoot, { recursive: true, force: true }));

// Both replace a file whole: the filesystem by a rename, S3 by its atomic PUT (s3rver, which writes in place, is made
// to by scripts/lib/s3-server.mjs).
const backends: [string, () => AudioStorage][] = [
  ['filesystem', () => new FsAudioStorage(fsRoot)],
  ['s3', () => s3StorageOn(s3.server, 'contract')],
];

describe.each(backends)('AudioStorage on %s', (_name, make) => {
  let storage: AudioStorage;
  let n = 0;
  // Each test its own chapter id, so no test sees another's objects.
  let chapter: string;
  beforeAll(() => {
    storage = make();
  });
  beforeEach(() => {
    chapter = `chapters/${++n}0${Math.floor(Math.random() * 1e6)}`;
  });

  test('a file never written reads as null and has no size', async () => {
    expect(await storage.read(`${chapter}/abc`, '0.ts')).toBeNull();
    expect(await storage.size(`${chapter}/abc`, '0.ts')).toBeNull();
  });

  test('writeAtomic stores text and bytes as given; a second write replaces the first', async () => {
    await storage.writeAtomic(`${chapter}/v1`, 'index.m3u8', '#EXTM3U\n收听\n');
    const bytes = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);
    await storage.writeAtomic(`${chapter}/v1`, '0.ts', bytes);
    expect((await storage.read(`${chapter}/v1`, 'index.m3u8'))!.toString('utf8')).toBe('#EXTM3U\n收听\n');
    expect(Buffer.compare((await storage.read(`${chapter}/v1`, '0.ts'))!, Buffer.from(bytes))).toBe(0);
    expect(await storage.size(`${chapter}/v1`, '0.ts')).toBe(3000);
    expect(await storage.size(`${chapter}/v1`, 'index.m3u8')).toBe(Buffer.byteLength('#EXTM3U\n收听\n'));
    await storage.writeAtomic(`${chapter}/v1`, 'index.m3u8', 'short');
    expect((await storage.read(`${chapter}/v1`, 'index.m3u8'))!.toString('utf8')).toBe('short');
    expect(await storage.size(`${chapter}/v1`, 'index.m3u8')).toBe(5);
  });

  test('a reader during rewrites sees the old file or the new one whole, never a torn one', async () => {
    // Each version longer than the last (a chapter's voicing state as it is made), so one cut at an earlier
    // version's length does not parse.
    const state = (n: number) => JSON.stringify({ n, segments: Array.from({ length: n * 20 }, (_, i) => `seg-${i}.ts`) });
    await storage.writeAtomic(`${chapter}/v1`, 'state.json', state(1));
    const seen: number[] = [];
    const torn: string[] = [];
    let writing = true;
    const reads = (async () => {
      while (writing) {
        const text = (await storage.read(`${chapter}/v1`, 'state.json'))!.toString('utf8');
        try {
          const parsed = JSON.parse(text) as { n: number; segments: string[] };
          if (parsed.segments.length !== parsed.n * 20) torn.push(text.slice(0, 80));
          seen.push(parsed.n);
        } catch {
          torn.push(text.slice(0, 80));
        }
      }
    })();
    for (let n = 2; n <= 40; n++) await storage.writeAtomic(`${chapter}/v1`, 'state.json', state(n));
    writing = false;
    await reads;
    expect(torn).toEqual([]);
    expect(seen.length).toBeGreaterThan(5);
    // Never back to an older version once a newer one was read.
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
  });

  test('putFile takes over a finished scratch file: stored, and gone from the scratch directory', async () => {
    const scratch = await storage.makeScratch();
    const file = path.join(scratch, '7.ts');
    fs.writeFileSync(file, Buffer.alloc(1234, 7));
    await storage.putFile(`${chapter}/v1`, '7.ts', file);
    expect(fs.existsSync(file)).toBe(false);
    expect(await storage.size(`${chapter}/v1`, '7.ts')).toBe(1234);
    expect((await storage.read(`${chapter}/v1`, '7.ts'))!.equals(Buffer.alloc(1234, 7))).toBe(true);
    await storage.removeScratch(scratch);
  });

  test('list names the keys directly under a prefix, not deeper ones nor a sibling with a longer id', async () => {
    await storage.writeAtomic(`${chapter}/aa11`, '0.ts', 'x');
    await storage.writeAtomic(`${chapter}/bb22`, '0.ts', 'y');
    await storage.writeAtomic(`${chapter}/bb22/deeper`, 'z.ts', 'z');
    await storage.writeAtomic(`${chapter}9/cc33`, '0.ts', 'sibling');
    expect((await storage.list(chapter)).sort()).toEqual([`${chapter}/aa11`, `${chapter}/bb22`]);
    expect(await storage.list(`${chapter}/nothing`)).toEqual([]);
    expect(await storage.list('chapters')).toEqual(expect.arrayContaining([chapter, `${chapter}9`]));
  });

  test('sizes lists the files directly under a key with their bytes, not deeper ones; nothing stored is empty', async () => {
    await storage.writeAtomic(`${chapter}/v1`, '0.ts', Buffer.alloc(100));
    await storage.writeAtomic(`${chapter}/v1`, 'index.m3u8', 'abc');
    await storage.writeAtomic(`${chapter}/v1/deeper`, '1.ts', Buffer.alloc(7));
    await storage.writeAtomic(`${chapter}/v11`, '0.ts', Buffer.alloc(9));
    expect(Object.fromEntries(await storage.sizes(`${chapter}/v1`))).toEqual({ '0.ts': 100, 'index.m3u8': 3 });
    expect((await storage.sizes(`${chapter}/none`)).size).toBe(0);
    await expect(storage.sizes('../x')).rejects.toThrow('unsafe audio path');
  });

  test('usage counts bytes and files at every depth under a key; nothing stored is zero', async () => {
    await storage.writeAtomic(`${chapter}/v1`, '0.ts', Buffer.alloc(100));
    await storage.writeAtomic(`${chapter}/v1`, '1.ts', Buffer.alloc(250));
    await storage.writeAtomic(`${chapter}/v2/x`, 'state.json', '{}');
    await storage.writeAtomic(`${chapter}9/v1`, '0.ts', Buffer.alloc(999));
    expect(await storage.usage(chapter)).toEqual({ bytes: 352, files: 3 });
    expect(await storage.usage(`${chapter}/v1`)).toEqual({ bytes: 350, files: 2 });
    expect(await storage.usage(`${chapter}/none`)).toEqual({ bytes: 0, files: 0 });
  });

  test('remove takes everything under a key at every depth and leaves its siblings; removing nothing is fine', async () => {
    await storage.writeAtomic(`${chapter}/v1`, '0.ts', 'a');
    await storage.writeAtomic(`${chapter}/v1/deep`, '1.ts', 'b');
    await storage.writeAtomic(`${chapter}/v2`, '0.ts', 'c');
    await storage.writeAtomic(`${chapter}9/v1`, '0.ts', 'keep');
    await storage.remove(`${chapter}/v1`);
    expect(await storage.read(`${chapter}/v1`, '0.ts')).toBeNull();
    expect(await storage.usage(`${chapter}/v1`)).toEqual({ bytes: 0, files: 0 });
    expect((await storage.read(`${chapter}/v2`, '0.ts'))!.toString()).toBe('c');
    await storage.remove(chapter);
    expect(await storage.usage(chapter)).toEqual({ bytes: 0, files: 0 });
    expect(await storage.list(chapter)).toEqual([]);
    expect((await storage.read(`${chapter}9/v1`, '0.ts'))!.toString()).toBe('keep');
    await expect(storage.remove(`${chapter}/never`)).resolves.toBeUndefined();
  });

  test('removeFile takes one file of a key and leaves the others; a missing file is fine', async () => {
    await storage.writeAtomic(`${chapter}/v1`, 'a.png', 'a');
    await storage.writeAtomic(`${chapter}/v1`, 'b.png', 'b');
    await storage.removeFile(`${chapter}/v1`, 'a.png');
    expect(await storage.read(`${chapter}/v1`, 'a.png')).toBeNull();
    expect((await storage.read(`${chapter}/v1`, 'b.png'))!.toString()).toBe('b');
    expect([...(await storage.sizes(`${chapter}/v1`)).keys()]).toEqual(['b.png']);
    await expect(storage.removeFile(`${chapter}/v1`, 'a.png')).resolves.toBeUndefined();
    await expect(storage.removeFile(`${chapter}/none`, 'a.png')).resolves.toBeUndefined();
  });

  test('every call refuses a key or name that could leave the storage', async () => {
    const bad: [string, string][] = [
      ['../outside', '0.ts'],
      ['chapters/../../etc', 'passwd'],
      ['/absolute', '0.ts'],
      ['Chapters/1', '0.ts'],
      ['chapters/1', '../0.ts'],
      ['chapters/1', 'a/b.ts'],
      ['chapters/1/', '0.ts'],
    ];
    for (const [key, name] of bad) {
      await expect(storage.read(key, name)).rejects.toThrow('unsafe audio path');
      await expect(storage.size(key, name)).rejects.toThrow('unsafe audio path');
      await expect(storage.writeAtomic(key, name, 'x')).rejects.toThrow('unsafe audio path');
      await expect(storage.removeFile(key, name)).rejects.toThrow('unsafe audio path');
    }
    for (const key of ['../outside', 'chapters/..', '']) {
      await expect(storage.list(key)).rejects.toThrow('unsafe audio path');
      await expect(storage.remove(key)).rejects.toThrow('unsafe audio path');
      await expect(storage.usage(key)).rejects.toThrow('unsafe audio path');
    }
  });

  test('scratch directories are local, writable, and only they can be removed as scratch', async () => {
    const dir = await storage.makeScratch();
    fs.writeFileSync(path.join(dir, 'pcm.raw'), 'x');
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    await expect(storage.removeScratch(os.tmpdir())).rejects.toThrow('not a scratch directory');
    await storage.removeScratch(dir);
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe('S3 backend beyond the contract', () => {
  test('listing, usage and removal go through every page of a listing', async () => {
    const storage = new S3AudioStorage({ ...s3StorageOn(s3.server, 'paging').settings, pageSize: 3 });
    for (let v = 0; v < 4; v++) for (let i = 0; i < 2; i++) await storage.writeAtomic(`chapters/5/v${v}`, `${i}.ts`, Buffer.alloc(10));
    await storage.writeAtomic('chapters/6/v0', '0.ts', 'x');
    expect((await storage.list('chapters/5')).sort()).toEqual(['chapters/5/v0', 'chapters/5/v1', 'chapters/5/v2', 'chapters/5/v3']);
    expect(await storage.usage('chapters/5')).toEqual({ bytes: 80, files: 8 });
    await storage.remove('chapters/5');
    expect(await storage.usage('chapters/5')).toEqual({ bytes: 0, files: 0 });
    expect(await storage.list('chapters')).toEqual(['chapters/6']);
  });

  test('objects carry the content type the app would answer with', async () => {
    const storage = s3StorageOn(s3.server, 'contract');
    await storage.writeAtomic('chapters/77/v1', '0.ts', Buffer.alloc(10));
    await storage.writeAtomic('covers/uploaded/3', 'ab.webp', Buffer.alloc(10));
    const ts = await fetch(`${s3.server.endpoint}/contract/chapters/77/v1/0.ts`);
    expect(ts.headers.get('content-type')).toBe('video/mp2t');
    const webp = await fetch(`${s3.server.endpoint}/contract/covers/uploaded/3/ab.webp`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
  });

  test('a store that does not answer is an error, never an empty file', async () => {
    const { startS3Server } = await import('../scripts/lib/s3-server.mjs');
    const gone = await startS3Server({ buckets: ['gone'] });
    const storage = s3StorageOn(gone, 'gone');
    await gone.close();
    await expect(storage.read('chapters/1/v1', '0.ts')).rejects.toThrow();
    await expect(storage.size('chapters/1/v1', '0.ts')).rejects.toThrow();
    await expect(storage.list('chapters')).rejects.toThrow();
  });

  test('a read whose body is cut off mid-stream is asked again; a missing object is still null', async () => {
    const storage = s3StorageOn(s3.server, 'contract');
    await storage.writeAtomic('chapters/79/v1', 'index.m3u8', '#EXTM3U\n');
    const send = storage.client.send.bind(storage.client);
    const cut = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const spy = jest
      .spyOn(storage.client, 'send')
      .mockImplementationOnce(async () => ({ Body: { transformToByteArray: () => Promise.reject(cut) } }) as never);
    try {
      expect((await storage.read('chapters/79/v1', 'index.m3u8'))?.toString()).toBe('#EXTM3U\n');
      expect(spy).toHaveBeenCalledTimes(2);
      spy.mockImplementation(send as never);
      expect(await storage.read('chapters/79/v1', 'nope.ts')).toBeNull();
    } finally {
      spy.mockRestore();
    }
  });

  test('a signed URL names one object, lasts the time asked, is private, and the store refuses it once expired', async () => {
    const storage = s3StorageOn(s3.server, 'contract');
    await storage.writeAtomic('chapters/88/v1', '3.ts', Buffer.alloc(500, 3));
    const url = new URL(await storage.signedUrl('chapters/88/v1', '3.ts', 60, 'private, max-age=60'));
    expect(url.origin).toBe(s3.server.endpoint);
    expect(url.pathname).toBe('/contract/chapters/88/v1/3.ts');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.alloc(500, 3))).toBe(true);
    const old = await storage.signedUrl('chapters/88/v1', '3.ts', 60, 'private', new Date(Date.now() - 61_000));
    const expired = await fetch(old);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('expired');
    await expect(storage.signedUrl('chapters/../x', '3.ts', 60, 'private')).rejects.toThrow('unsafe audio path');
  });

  test('with a public endpoint the signed URL points browsers there, not at the internal address', async () => {
    const settings = s3StorageOn(s3.server, 'contract').settings;
    const storage = new S3AudioStorage({ ...settings, publicEndpoint: 'https://media.example.test' });
    const url = new URL(await storage.signedUrl('chapters/88/v1', '3.ts', 60, 'private'));
    expect(url.origin).toBe('https://media.example.test');
    expect(url.pathname).toBe('/contract/chapters/88/v1/3.ts');
  });
});

describe('choosing the storage from the environment', () => {
  const S3_ENV = {
    STORAGE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'media',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_FORCE_PATH_STYLE: '1',
  };

  test('the filesystem by default; STORAGE=s3 the bucket with its settings and the defaults documented', () => {
    expect(storageFromEnv({})).toBeInstanceOf(FsAudioStorage);
    expect(storageFromEnv({ STORAGE: 'fs' })).toBeInstanceOf(FsAudioStorage);
    const s3 = storageFromEnv(S3_ENV);
    expect(s3).toBeInstanceOf(S3AudioStorage);
    expect((s3 as S3AudioStorage).settings).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      region: 'us-east-1',
      forcePathStyle: true,
      delivery: 'proxy',
    });
    expect(s3SettingsFromEnv({ ...S3_ENV, S3_MEDIA: 'redirect', S3_REGION: 'cn-north-1' }, '/tmp/x')).toMatchObject({
      delivery: 'redirect',
      region: 'cn-north-1',
    });
  });

  test('settings that cannot work are refused with the reason, naming the variable', () => {
    const refused: [Record<string, string>, string][] = [
      [{ STORAGE: 'disk' }, 'STORAGE must be fs or s3'],
      [{ ...S3_ENV, S3_BUCKET: '' }, 'S3_BUCKET is required'],
      [{ ...S3_ENV, S3_SECRET_ACCESS_KEY: '' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
      [{ ...S3_ENV, S3_ENDPOINT: 'ftp://store' }, 'S3_ENDPOINT must be an http(s) origin'],
      [{ ...S3_ENV, S3_PUBLIC_ENDPOINT: 'https://cdn.example.test/path' }, 'S3_PUBLIC_ENDPOINT must be an http(s) origin'],
      [{ ...S3_ENV, S3_MEDIA: 'cdn' }, 'S3_MEDIA must be proxy or redirect'],
      [{ ...S3_ENV, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be 1 or 0'],
    ];
    for (const [env, reason] of refused) expect(() => storageFromEnv(env)).toThrow(reason);
  });
});
