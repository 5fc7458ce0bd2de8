import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { BAD_IDS, expectRefused } from './write-guard';
import { GET as readRoute } from '@/app/v1/read/[id]/route';
import { GET as timeTrackRoute } from '@/app/v1/articles/[id]/tts_time_track/route';
import { POST as privateUrlRoute } from '@/app/v1/audio/articles/get_private_url/route';
import { GET as playlistRoute } from '@/app/audio/[aid]/index.m3u8/route';
import { GET as segmentRoute } from '@/app/audio/[aid]/[segment]/route';
import { GET as promptRoute } from '@/app/audio/prompts/keep-listening.m4a/route';
import { chapters } from '@/lib/server/db/schema';
import { credit } from '@/lib/server/wallet/credit';
import { buyChapter } from '@/lib/server/wallet/purchases';
import { jobsIdle, runningJob } from '@/lib/server/audio/jobs';
import { aheadIdle } from '@/lib/server/audio/ahead';
import { loadAudioSource } from '@/lib/server/audio/source';
import { queueNewChapters } from '@/lib/server/audio/new-chapters';
import { signAudioUrl } from '@/lib/server/audio/signed-url';
import { playlistDurations } from '@/lib/tts/playlist';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { splitParagraphs } from '@/lib/shared/paragraphs';
import type { Tx } from '@/lib/server/db/client';
import { useTempAudioStorage } from './temp-audio-storage';

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = useTempAudioStorage('audio');
beforeAll(async () => {
  // Two paragraphs per chapter of the novels listened to here: chapters synthesized ahead stay quick to make.
  await db
    .handle()
    .db.execute(
      sql`update chapters set content = split_part(content, E'\n', 1) || E'\n' || split_part(content, E'\n', 2) where novel_id in (1, 3)`,
    );
});

const chapterOf = async (novelId: number, idx: number) =>
  (
    await db
      .handle()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)))
  )[0]!;
const fund = (memberId: number, coins: number) =>
  db.handle().db.transaction((tx) => credit(tx as unknown as Tx, memberId, { kind: 'test_grant', source: 'bonus', welth: coins }));
/** Short chapters keep synthesis quick: a few sentences each. */
const SHORT = [
  '第一段。林夜站在山门前，望着远处连绵的群山。',
  '第二段。三年前，他还是一个被人看不起的少年。',
  '第三段。如今却已经成为宗门里最年轻的长老。',
];
const setContent = (id: number, paragraphs: string[]) =>
  db
    .handle()
    .db.update(chapters)
    .set({ content: paragraphs.join('\n') })
    .where(eq(chapters.id, id));

type Answer = Promise<{ status: number; body: Any; headers: Headers }>;
const HOST = { host: 'localhost' };
const privateUrl = (body: unknown, headers: Record<string, string> = {}) =>
  callRoute(privateUrlRoute, {
    method: 'POST',
    url: '/v1/audio/articles/get_private_url',
    body,
    headers: { ...HOST, ...headers },
  }) as Answer;
const timeTrack = (id: number | string, headers: Record<string, string> = {}) =>
  callRoute(timeTrackRoute, { url: `/v1/articles/${id}/tts_time_track`, params: { id: String(id) }, headers }) as Answer;
const read = (id: number, headers: Record<string, string> = {}) =>
  callRoute(readRoute, { url: `/v1/read/${id}`, params: { id: String(id) }, headers }) as Answer;

/** A media route called the way Next does, keeping the raw response (playlists and segments are not JSON). */
async function media(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const u = new URL(url, 'http://localhost');
  const [, , aid, file] = u.pathname.split('/');
  const req = new NextRequest(u, { headers });
  return file === 'index.m3u8'
    ? playlistRoute(req, { params: Promise.resolve({ aid: aid! }) })
    : segmentRoute(req, { params: Promise.resolve({ aid: aid!, segment: file! }) });
}
const segmentUris = (playlist: string) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));
const segmentUrl = (aid: number, uri: string) => `/audio/${aid}/${uri}`;

/** MPEG-TS packets (0x47 every 188 bytes) carrying ADTS frames of AAC-LC, one channel. */
function expectAacTransportStream(bytes: Uint8Array): void {
  expect(bytes.length % 188).toBe(0);
  for (let i = 0; i < bytes.length; i += 188) expect(bytes[i]).toBe(0x47);
  const adts = bytes.findIndex((b, i) => b === 0xff && ((bytes[i + 1] ?? 0) & 0xf6) === 0xf0);
  expect(adts).toBeGreaterThan(0);
  const profile = (bytes[adts + 2]! >> 6) + 1; // ADTS stores the audio object type minus one
  const channels = ((bytes[adts + 2]! & 1) << 2) | (bytes[adts + 3]! >> 6);
  expect({ profile, channels }).toEqual({ profile: 2, channels: 1 }); // AAC-LC, mono
}

describe('POST /v1/audio/articles/get_private_url', () => {
  it('signs a free chapter for a member: the URL plays, and its time track was started', async () => {
    const ch = await chapterOf(1, 1);
    await setContent(ch.id, SHORT);
    const m = await signedInMember();
    const res = await privateUrl({ base_url: `/audio/${ch.id}/index.m3u8` }, m.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(new RegExp(`^/audio/${ch.id}/index\\.m3u8\\?m=${m.id}&e=\\d+&s=[0-9a-f]{64}&v=espeak-ng%3Acmn$`));
    const hours = (new Date(res.body.data.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(5.9);
    expect(hours).toBeLessThanOrEqual(6);
    const playlist = await media(res.body.data.url, m.auth);
    expect(playlist.status).toBe(200);
    // An absolute URL on our own host is accepted too, and an already-signed URL is simply signed anew.
    expect((await privateUrl({ base_url: `http://localhost/audio/${ch.id}/index.m3u8` }, m.auth)).status).toBe(200);
    expect((await privateUrl({ base_url: res.body.data.url }, m.auth)).status).toBe(200);
  });

  it('refuses bad input with a Chinese message', async () => {
    const m = await signedInMember();
    const ch = await chapterOf(1, 2);
    for (const body of [
      {},
      { base_url: '' },
      { base_url: 42 },
      { base_url: 'x'.repeat(3000) },
      { base_url: '/audio/abc/index.m3u8' },
      { base_url: `/audio/${ch.id}/0.ts` },
      { base_url: `/v1/read/${ch.id}` },
      { base_url: `https://evil.example/audio/${ch.id}/index.m3u8` },
      { base_url: `javascript:alert(1)` },
      { base_url: '/audio/99999999999/index.m3u8' },
    ]) {
      expectRefused(await privateUrl(body, m.auth), 400, body);
    }
    expectRefused(await privateUrl({ base_url: '/audio/9999999/index.m3u8' }, m.auth), 404);
  });

  it('needs a member', async () => {
    const ch = await chapterOf(1, 1);
    expectRefused(await privateUrl({ base_url: `/audio/${ch.id}/index.m3u8` }), 401);
  });

  it('refuses a paid chapter without entitlement (403) and signs it once bought', async () => {
    const paid = await chapterOf(1, 21);
    await setContent(paid.id, SHORT.slice(0, 1));
    const m = await signedInMember();
    const refused = await privateUrl({ base_url: `/audio/${paid.id}/index.m3u8` }, m.auth);
    expectRefused(refused, 403);
    expect(refused.body.message).toBe(SERVER_MSG.audioLocked);
    await fund(m.id, 1000);
    await buyChapter(m.id, 1, paid.id);
    const ok = await privateUrl({ base_url: `/audio/${paid.id}/index.m3u8` }, m.auth);
    expect(ok.status).toBe(200);
    const playlist = await media(ok.body.data.url, m.auth);
    expect(playlist.status).toBe(200);
    const segment = await media(segmentUrl(paid.id, segmentUris(await playlist.text())[0]!), m.auth);
    expect(segment.status).toBe(200);
    expectAacTransportStream(new Uint8Array(await segment.arrayBuffer()));
  });

  it('says plainly that a Tibetan novel cannot be listened to', async () => {
    const m = await signedInMember();
    const tibetan = await chapterOf(4, 1);
    const res = await privateUrl({ base_url: `/audio/${tibetan.id}/index.m3u8` }, m.auth);
    expectRefused(res, 400);
    expect(res.body.message).toBe(MSG.ttsUnavailable);
  });
});

describe('GET /audio/{aid}/index.m3u8 and segments', () => {
  it('answer a growing EVENT playlist on the first listen, then a VOD playlist of real AAC segments', async () => {
    const ch = await chapterOf(1, 3);
    // Long enough that the first segment is published well before the chapter is finished.
    const paragraphs = Array.from({ length: 24 }, (_, i) => `第${i + 1}段。林夜站在山门前，望着远处连绵的群山，心中涌起一股说不出的感慨。`);
    await setContent(ch.id, paragraphs);
    const m = await signedInMember();
    const { url } = signAudioUrl(m.id, ch.id, 'espeak-ng:cmn');
    const first = await media(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(first.headers.get('cache-control')).toMatch(/^private/);
    const growing = await first.text();
    expect(growing).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(growing).not.toContain('#EXT-X-ENDLIST');
    expect(segmentUris(growing).length).toBeGreaterThanOrEqual(1);

    // Meanwhile the time track grows (complete false) and the reader has no finished track yet.
    const partial = await timeTrack(ch.id, m.auth);
    expect(partial.body.data).toMatchObject({ article_id: ch.id, complete: false, duration: null });
    expect(partial.body.data.time_track.length).toBeLessThan(paragraphs.length);

    await runningJob((await loadAudioSource(ch.id))!.key!)?.done;
    const done = await (await media(url)).text();
    expect(done).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(done.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const durations = playlistDurations(done);
    expect(durations.every((d) => d > 0 && d <= 8)).toBe(true);
    const uris = segmentUris(done);
    expect(uris).toHaveLength(durations.length);
    expect(uris.slice(0, segmentUris(growing).length)).toEqual(segmentUris(growing)); // the EVENT playlist only grew
    for (const uri of uris) {
      expect(uri).toMatch(/^\d+\.ts\?a=[0-9a-f]{32}&m=\d+&e=\d+&s=[0-9a-f]{64}&v=espeak-ng%3Acmn$/);
      const seg = await media(segmentUrl(ch.id, uri));
      expect(seg.status).toBe(200);
      expect(seg.headers.get('content-type')).toBe('video/mp2t');
      expect(seg.headers.get('cache-control')).toMatch(/^private/);
      expectAacTransportStream(new Uint8Array(await seg.arrayBuffer()));
    }

    const track = (await timeTrack(ch.id, m.auth)).body.data;
    expect(track.complete).toBe(true);
    expect(track.time_track).toHaveLength(paragraphs.length);
    expect(track.time_track[0]).toBe(0);
    for (let i = 1; i < track.time_track.length; i++) expect(track.time_track[i]).toBeGreaterThan(track.time_track[i - 1]);
    expect(track.duration).toBeCloseTo(
      durations.reduce((a, b) => a + b, 0),
      1,
    );
    expect(track.duration).toBeGreaterThan(track.time_track.at(-1));
    // The reader now hands out the same track.
    expect((await read(ch.id)).body.data.time_track).toEqual(track.time_track);
  });

  it('share one synthesis among concurrent first listens', async () => {
    const ch = await chapterOf(1, 4);
    await setContent(ch.id, SHORT);
    const listeners = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    const answers = await Promise.all(listeners.map((m) => media(signAudioUrl(m.id, ch.id, 'espeak-ng:cmn').url)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const versions = new Set((await Promise.all(answers.map((a) => a.text()))).map((t) => /a=([0-9a-f]{32})/.exec(t)?.[1]));
    expect(versions.size).toBe(1);
    await jobsIdle();
    expect(fs.readdirSync(path.join(root, 'chapters', String(ch.id)))).toHaveLength(1);
  });

  it("refuse forged, expired and other members' URLs with 403 and no audio", async () => {
    const ch = await chapterOf(1, 1);
    await setContent(ch.id, SHORT);
    const owner = await signedInMember();
    const other = await signedInMember();
    const { url } = signAudioUrl(owner.id, ch.id, 'espeak-ng:cmn');
    const good = await media(url, owner.auth);
    expect(good.status).toBe(200);
    const segUri = segmentUris(await good.text())[0]!;
    const q = new URL(url, 'http://localhost').searchParams;
    const expired = signAudioUrl(owner.id, ch.id, 'espeak-ng:cmn', new Date(Date.now() - 7 * 3600_000)).url;
    const forged = url.replace(/s=([0-9a-f])/, (_, c: string) => `s=${c === '0' ? '1' : '0'}`);
    const retargeted = url.replace(`m=${owner.id}`, `m=${other.id}`);
    const otherChapter = `/audio/${(await chapterOf(1, 2)).id}/index.m3u8?${q}`;
    const refusals: [string, Record<string, string>][] = [
      [expired, owner.auth],
      [forged, owner.auth],
      [retargeted, other.auth],
      [otherChapter, owner.auth],
      [`/audio/${ch.id}/index.m3u8`, owner.auth],
      [url, other.auth], // the owner's URL presented with another member's session
      [segmentUrl(ch.id, segUri.replace(/s=[0-9a-f]{64}/, `s=${'0'.repeat(64)}`)), owner.auth],
      [segmentUrl(ch.id, segUri.replace(/e=\d+/, `e=${Math.floor(Date.now() / 1000) - 1}`)), owner.auth],
      [segmentUrl(ch.id, segUri), other.auth],
    ];
    for (const [u, headers] of refusals) {
      const res = await media(u, headers);
      expect([u, res.status]).toEqual([u, 403]);
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect((await res.json()).message).toBe(SERVER_MSG.audioForbidden);
    }
    // Without a session the signed URL is enough (the native player of some browsers sends no cookie).
    expect((await media(segmentUrl(ch.id, segUri))).status).toBe(200);
  });

  it('answer 404 for segments that do not exist and ids that are not ids', async () => {
    const ch = await chapterOf(1, 1);
    const m = await signedInMember();
    const { url } = signAudioUrl(m.id, ch.id, 'espeak-ng:cmn');
    const q = new URL(url, 'http://localhost').search.slice(1);
    expect((await media(`/audio/${ch.id}/999.ts?a=${'a'.repeat(32)}&${q}`)).status).toBe(404);
    expect((await media(`/audio/${ch.id}/0.ts?a=../../etc&${q}`)).status).toBe(404);
    expect((await media(`/audio/${ch.id}/..%2F0.ts?a=${'a'.repeat(32)}&${q}`)).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1e3']) expect((await media(`/audio/${bad}/index.m3u8?${q}`)).status).toBe(404);
  });

  it('synthesize the next chapter ahead once a chapter is listened to', async () => {
    const ch = await chapterOf(1, 5);
    const next = await chapterOf(1, 6);
    await setContent(ch.id, SHORT.slice(0, 1));
    await setContent(next.id, SHORT.slice(1, 2));
    const m = await signedInMember();
    expect((await media(signAudioUrl(m.id, ch.id, 'espeak-ng:cmn').url)).status).toBe(200);
    await aheadIdle();
    const track = (await timeTrack(next.id, m.auth)).body.data;
    expect(track).toMatchObject({ complete: true, time_track: [0] });
  });

  it('make an edited chapter anew', async () => {
    const ch = await chapterOf(1, 7);
    await setContent(ch.id, SHORT.slice(0, 1));
    const m = await signedInMember();
    const { url } = signAudioUrl(m.id, ch.id, 'espeak-ng:cmn');
    await (await media(url)).text();
    await jobsIdle();
    const before = (await timeTrack(ch.id, m.auth)).body.data;
    expect(before.time_track).toHaveLength(1);
    await setContent(ch.id, SHORT);
    expect((await timeTrack(ch.id, m.auth)).body.data).toMatchObject({ complete: false, time_track: [] });
    await (await media(url)).text();
    await jobsIdle();
    expect((await timeTrack(ch.id, m.auth)).body.data.time_track).toHaveLength(SHORT.length);
    expect(fs.readdirSync(path.join(root, 'chapters', String(ch.id)))).toHaveLength(1); // the old version is gone
  });
});

describe('GET /v1/articles/{id}/tts_time_track', () => {
  it('is empty and incomplete before the first listen', async () => {
    const ch = await chapterOf(1, 15); // no chapter before it is listened to here, so none synthesized it ahead
    const res = await timeTrack(ch.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ article_id: ch.id, voice: 'espeak-ng:cmn', time_track: [], duration: null, complete: false });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses bad ids, missing chapters, locked chapters and Tibetan novels', async () => {
    for (const bad of BAD_IDS.slice(0, 8)) expectRefused(await timeTrack(bad), 400, bad);
    expectRefused(await timeTrack(9_999_999), 404);
    const paid = await chapterOf(1, 30);
    const locked = await timeTrack(paid.id, (await signedInMember()).auth);
    expectRefused(locked, 403);
    expect(locked.body.message).toBe(SERVER_MSG.audioLocked);
    expectRefused(await timeTrack(paid.id), 403);
    const tibetan = await timeTrack((await chapterOf(4, 1)).id);
    expectRefused(tibetan, 400);
    expect(tibetan.body.message).toBe(MSG.ttsUnavailable);
  });
});

describe('GET /v1/read/{id} audio fields', () => {
  it('gives the unsigned playlist base for a chapter the reader may hear', async () => {
    const ch = await chapterOf(1, 9);
    expect((await read(ch.id)).body.data).toMatchObject({ m3u8_url: `/audio/${ch.id}/index.m3u8`, time_track: null });
    const uyghur = await chapterOf(3, 1);
    expect((await read(uyghur.id)).body.data).toMatchObject({
      m3u8_url: `/audio/${uyghur.id}/index.m3u8`,
      novel: { has_tts: true, language_type: 0 },
    });
  });

  it('gives none for a locked chapter or a novel without a voice', async () => {
    const paid = await chapterOf(1, 40);
    expect((await read(paid.id)).body.data).toMatchObject({ locked: true, m3u8_url: null, time_track: null });
    expect((await read(paid.id, (await signedInMember()).auth)).body.data).toMatchObject({ locked: true, m3u8_url: null });
    const tibetan = await chapterOf(4, 1);
    expect((await read(tibetan.id)).body.data).toMatchObject({ m3u8_url: null, time_track: null, novel: { has_tts: false } });
  });
});

describe('Uyghur chapters', () => {
  it('are spoken by the Uyghur voice, one time-track entry per paragraph', async () => {
    const ch = await chapterOf(3, 2);
    const paragraphs = splitParagraphs(ch.content).slice(0, 3);
    await setContent(ch.id, paragraphs);
    const m = await signedInMember();
    expect((await media(signAudioUrl(m.id, ch.id, 'espeak-ng:cmn').url)).status).toBe(200);
    await jobsIdle();
    const track = (await timeTrack(ch.id, m.auth)).body.data;
    expect(track).toMatchObject({ complete: true });
    expect(track.time_track).toHaveLength(paragraphs.length);
  });
});

describe('new chapters', () => {
  it('of novels with a voice are synthesized ahead of their first listener; Tibetan ones are not', async () => {
    const { last } = (await db.handle().db.execute(sql`select max(id)::int as last from chapters`)).rows[0] as { last: number };
    const add = async (novelId: number, idx: number) =>
      (
        await db
          .handle()
          .db.insert(chapters)
          .values({ novelId, idx, title: `新章 ${idx}`, content: SHORT.join('\n'), wordCount: 60 })
          .returning({ id: chapters.id })
      )[0]!.id;
    const chinese = await add(1, 201);
    const tibetan = await add(4, 31);
    expect(await queueNewChapters(last)).toBe(tibetan);
    await aheadIdle();
    expect((await timeTrack(chinese)).body.data).toMatchObject({ complete: true, time_track: expect.any(Array) });
    expect((await timeTrack(chinese)).body.data.time_track).toHaveLength(SHORT.length);
    expect(fs.existsSync(path.join(root, 'chapters', String(tibetan)))).toBe(false);
    expect(await queueNewChapters(tibetan)).toBe(tibetan); // nothing newer: the sweep stays where it is
  });
});

describe('GET /audio/prompts/keep-listening.m4a', () => {
  it('is the spoken prompt as a public, cacheable AAC file, made once', async () => {
    const first = await promptRoute();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/mp4');
    expect(first.headers.get('cache-control')).toMatch(/^public/);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.length).toBeGreaterThan(2000);
    const again = Buffer.from(await (await promptRoute()).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });
});

describe('nothing is written by refused calls', () => {
  it('leaves the audio storage untouched when signing is refused', async () => {
    const before = fs.readdirSync(path.join(root, 'chapters')).sort();
    const m = await signedInMember();
    await privateUrl({ base_url: `/audio/${(await chapterOf(1, 50)).id}/index.m3u8` }, m.auth);
    await privateUrl({ base_url: `/audio/${(await chapterOf(4, 2)).id}/index.m3u8` }, m.auth);
    await jobsIdle();
    expect(fs.readdirSync(path.join(root, 'chapters')).sort()).toEqual(before);
    expect((await db.handle().db.execute(sql`select 1`)).rows).toHaveLength(1);
  });
});
