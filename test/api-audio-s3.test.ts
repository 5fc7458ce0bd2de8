import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { expectRefused } from './write-guard';
import { s3StorageOn, type S3Server } from './s3-server';
import { POST as privateUrlRoute } from '@/app/v1/audio/articles/get_private_url/route';
import { GET as readRoute } from '@/app/v1/read/[id]/route';
import { GET as playlistRoute } from '@/app/audio/[aid]/index.m3u8/route';
import { GET as segmentRoute } from '@/app/audio/[aid]/[segment]/route';
import { GET as promptRoute } from '@/app/audio/prompts/keep-listening.m4a/route';
import { GET as coverRoute } from '@/app/covers/uploaded/[file]/route';
import { chapters } from '@/lib/server/db/schema';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { jobsIdle, runningJob } from '@/lib/server/audio/jobs';
import { stopAhead } from '@/lib/server/audio/ahead';
import { loadAudioSource } from '@/lib/server/audio/source';
import { signAudioUrl } from '@/lib/server/audio/signed-url';
import { REDIRECT_TTL_S } from '@/lib/server/audio/media';
import { chapterUsage, evictOverCap, resetAudioCapState } from '@/lib/server/audio/storage-cap';
import { setAudioStorage } from '@/lib/server/audio/storage';
import { novelCoverKey } from '@/lib/server/content/import/drafts';
import { SERVER_MSG } from '@/lib/server/messages';
import { closeEspeakEngine } from '@/lib/tts/espeak-engine';
import type { Tx } from '@/lib/server/db/client';

// Listening with the media in an S3-compatible bucket (docs/storage.md): a local s3rver, the app's storage pointed
// at it, the real routes. Any server serves any chapter's segments because they come from the bucket, and a
// chapter the member may not hear gets nothing from it, whether segments are proxied or redirected.

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const BUCKET = 'media';

let s3: S3Server;
beforeAll(async () => {
  const { startS3Server } = await import('../scripts/lib/s3-server.mjs');
  s3 = await startS3Server({ buckets: [BUCKET] });
  setAudioStorage(s3StorageOn(s3, BUCKET));
});
afterAll(async () => {
  await stopAhead();
  await jobsIdle();
  await closeEspeakEngine();
  setAudioStorage(undefined);
  await s3?.close();
});

const SHORT = ['第一段。林夜站在山门前，望着远处连绵的群山。', '第二段。三年前，他还是一个被人看不起的少年。'];
const chapterOf = async (novelId: number, idx: number) =>
  (
    await db
      .handle()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)))
  )[0]!;
const setContent = (id: number, paragraphs: string[]) =>
  db
    .handle()
    .db.update(chapters)
    .set({ content: paragraphs.join('\n') })
    .where(eq(chapters.id, id));
const fund = (memberId: number, coins: number) =>
  db.handle().db.transaction((tx) => credit(tx as unknown as Tx, memberId, { kind: 'test_grant', source: 'bonus', welth: coins }));

async function media(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const u = new URL(url, 'http://localhost');
  const [, , aid, file] = u.pathname.split('/');
  const req = new NextRequest(u, { headers });
  return file === 'index.m3u8'
    ? playlistRoute(req, { params: Promise.resolve({ aid: aid! }) })
    : segmentRoute(req, { params: Promise.resolve({ aid: aid!, segment: file! }) });
}
const segmentUris = (playlist: string) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));
/** The object as the bucket holds it, fetched from the store directly (s3rver answers unsigned GETs). */
const objectBytes = async (key: string) => {
  const res = await fetch(`${s3.endpoint}/${BUCKET}/${key}`);
  return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : null;
};
const bucketKeys = async (prefix: string) => {
  const xml = await (await fetch(`${s3.endpoint}/${BUCKET}?list-type=2&prefix=${encodeURIComponent(prefix)}`)).text();
  return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
};

/** Synthesises a chapter through its first listen and returns the member, the finished playlist and the key. */
async function listenedChapter(chapterId: number, memberId: number) {
  const { url } = signAudioUrl(memberId, chapterId, 'espeak-ng:cmn');
  expect((await media(url)).status).toBe(200);
  const key = (await loadAudioSource(chapterId))!.key!;
  await runningJob(key)?.done;
  const playlist = await (await media(url)).text();
  expect(playlist).toContain('#EXT-X-ENDLIST');
  return { url, key, uris: segmentUris(playlist) };
}

describe('audio on an S3 bucket', () => {
  it('a first listen is synthesised into the bucket and every segment is served from it', async () => {
    const ch = await chapterOf(1, 1);
    await setContent(ch.id, SHORT);
    const m = await signedInMember();
    const { key, uris } = await listenedChapter(ch.id, m.id);
    const stored = await bucketKeys(`${key}/`);
    expect(stored).toEqual(expect.arrayContaining([`${key}/index.m3u8`, `${key}/state.json`, `${key}/0.ts`]));
    expect(uris.length).toBeGreaterThan(0);
    for (const uri of uris) {
      const res = await media(`/audio/${ch.id}/${uri}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('video/mp2t');
      expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes[0]).toBe(0x47); // an MPEG-TS packet
      expect(bytes.equals((await objectBytes(`${key}/${uri.split('?')[0]}`))!)).toBe(true);
    }
  });

  it('another server (its own storage client, no job in its memory) serves the same chapter without synthesising it again', async () => {
    const ch = await chapterOf(1, 2);
    await setContent(ch.id, SHORT.slice(0, 1));
    const m = await signedInMember();
    const { url, key, uris } = await listenedChapter(ch.id, m.id);
    const first = Buffer.from(await (await media(`/audio/${ch.id}/${uris[0]}`)).arrayBuffer());
    setAudioStorage(s3StorageOn(s3, BUCKET));
    try {
      const playlist = await media(url);
      expect(playlist.status).toBe(200);
      expect(runningJob(key)).toBeUndefined();
      expect(segmentUris(await playlist.text())).toEqual(uris);
      const again = Buffer.from(await (await media(`/audio/${ch.id}/${uris[0]}`)).arrayBuffer());
      expect(again.equals(first)).toBe(true);
    } finally {
      setAudioStorage(s3StorageOn(s3, BUCKET));
    }
  });

  it("a locked chapter's audio in the bucket reaches only a member who bought it", async () => {
    const paid = await chapterOf(1, 21);
    await setContent(paid.id, SHORT.slice(0, 1));
    const buyer = await signedInMember();
    await fund(buyer.id, 1000);
    await buyChapter(buyer.id, 1, paid.id);
    const signed = await callRoute(privateUrlRoute, {
      method: 'POST',
      url: '/v1/audio/articles/get_private_url',
      body: { base_url: `/audio/${paid.id}/index.m3u8` },
      headers: { host: 'localhost', ...buyer.auth },
    });
    expect(signed.status).toBe(200);
    const { uris } = await listenedChapter(paid.id, buyer.id);
    const segUri = uris[0]!;
    expect((await media(`/audio/${paid.id}/${segUri}`, buyer.auth)).status).toBe(200);

    const reader = await signedInMember();
    const refused = await callRoute(privateUrlRoute, {
      method: 'POST',
      url: '/v1/audio/articles/get_private_url',
      body: { base_url: `/audio/${paid.id}/index.m3u8` },
      headers: { host: 'localhost', ...reader.auth },
    });
    expectRefused(refused as { status: number; body: Any }, 403);
    expect((refused.body as Any).message).toBe(SERVER_MSG.audioLocked);
    const readAnswer = await callRoute(readRoute, { url: `/v1/read/${paid.id}`, params: { id: String(paid.id) }, headers: reader.auth });
    expect((readAnswer.body as Any).data).toMatchObject({ locked: true, m3u8_url: null });

    // The reader's own signature for a free chapter, the buyer's URL under the reader's session, a forged one.
    const free = await chapterOf(1, 1);
    const readerQuery = new URL(signAudioUrl(reader.id, free.id, 'espeak-ng:cmn').url, 'http://localhost').search.slice(1);
    const version = /a=([0-9a-f]{32})/.exec(segUri)![1]!;
    const attempts: [string, Record<string, string>][] = [
      [`/audio/${paid.id}/0.ts?a=${version}&${readerQuery}`, reader.auth],
      [`/audio/${paid.id}/${segUri}`, reader.auth],
      [`/audio/${paid.id}/${segUri.replace(/s=[0-9a-f]{64}/, `s=${'0'.repeat(64)}`)}`, {}],
      [`/audio/${paid.id}/0.ts?a=${version}`, reader.auth],
    ];
    for (const mode of ['proxy', 'redirect'] as const) {
      setAudioStorage(s3StorageOn(s3, BUCKET, mode));
      for (const [u, headers] of attempts) {
        const res = await media(u, headers);
        expect([mode, u, res.status]).toEqual([mode, u, 403]);
        expect(res.headers.get('location')).toBeNull();
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        expect((await res.json()).message).toBe(SERVER_MSG.audioForbidden);
      }
    }
    setAudioStorage(s3StorageOn(s3, BUCKET));
  });

  it('with S3_MEDIA=redirect a segment is a 302 to a URL signed for that one object, short-lived and never cached', async () => {
    const ch = await chapterOf(1, 3);
    await setContent(ch.id, SHORT.slice(1));
    const m = await signedInMember();
    const { key, uris } = await listenedChapter(ch.id, m.id);
    setAudioStorage(s3StorageOn(s3, BUCKET, 'redirect'));
    try {
      const res = await media(`/audio/${ch.id}/${uris[0]}`, m.auth);
      expect(res.status).toBe(302);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const location = new URL(res.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(`${s3.endpoint}/${BUCKET}/${key}/${uris[0]!.split('?')[0]}`);
      expect(location.searchParams.get('X-Amz-Expires')).toBe(String(REDIRECT_TTL_S));
      expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(location.searchParams.get('response-cache-control')).toBe('private, max-age=3600');
      // Our member signature is not handed on to the store.
      expect(location.searchParams.get('s')).toBeNull();
      const object = await fetch(location);
      expect(object.status).toBe(200);
      expect(object.headers.get('cache-control')).toBe('private, max-age=3600');
      expect(object.headers.get('content-type')).toBe('video/mp2t');
      expect(Buffer.from(await object.arrayBuffer()).equals((await objectBytes(`${key}/${uris[0]!.split('?')[0]}`))!)).toBe(true);
      // A segment that does not exist is our 404, not a redirect to the store's.
      const missing = await media(`/audio/${ch.id}/${uris[0]!.replace(/^\d+\.ts/, '999.ts')}`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('location')).toBeNull();
    } finally {
      setAudioStorage(s3StorageOn(s3, BUCKET));
    }
  });

  it('the spoken prompt and uploaded covers are kept in and served from the bucket', async () => {
    const prompt = await promptRoute();
    expect(prompt.status).toBe(200);
    const bytes = Buffer.from(await prompt.arrayBuffer());
    const promptKeys = await bucketKeys('prompts/');
    expect(promptKeys).toHaveLength(1);
    expect((await objectBytes(promptKeys[0]!))!.equals(bytes)).toBe(true);

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await fetch(`${s3.endpoint}/${BUCKET}/${novelCoverKey(2)}/0123456789abcdef.png`, { method: 'PUT', body: png });
    const cover = await coverRoute(new Request('http://localhost/covers/uploaded/2-0123456789abcdef.png'), {
      params: Promise.resolve({ file: '2-0123456789abcdef.png' }),
    });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await cover.arrayBuffer()).equals(png)).toBe(true);
    const none = await coverRoute(new Request('http://localhost/covers/uploaded/2-fedcba9876543210.png'), {
      params: Promise.resolve({ file: '2-fedcba9876543210.png' }),
    });
    expect(none.status).toBe(404);
  });

  it("the storage cap counts the bucket's objects and evicts least recently heard chapters from it", async () => {
    // The chapters the earlier listens queued ahead are forgotten, the one being made finished: the bucket then holds
    // what the counts below read. (Waiting for the whole queue, seeded chapters voiced in full, took 30 s.)
    await stopAhead();
    await jobsIdle();
    resetAudioCapState();
    const usage = await chapterUsage();
    expect(usage.length).toBeGreaterThanOrEqual(3);
    for (const u of usage) {
      const keys = await bucketKeys(`chapters/${u.chapterId}/`);
      expect(u.files).toBe(keys.length);
    }
    const total = usage.reduce((n, u) => n + u.bytes, 0);
    // Hours later, with a cap just under the total: only the least recently heard chapter goes.
    const later = new Date(Date.now() + 3 * 3600_000);
    const result = await evictOverCap({ now: later, cap: total - 1 });
    expect(result.evicted).toHaveLength(1);
    expect(await bucketKeys(`chapters/${result.evicted[0]}/`)).toEqual([]);
    expect((await chapterUsage()).reduce((n, u) => n + u.bytes, 0)).toBe(result.totalAfter);
  });
});
