import { and, eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { callRoute } from './route';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { BAD_IDS, expectRefused } from './write-guard';
import { useTempAudioStorage } from './temp-audio-storage';
import { GET as voicesRoute } from '@/app/v1/audio/voices/route';
import { PUT as memberVoiceRoute } from '@/app/v1/me/voice/route';
import { POST as privateUrlRoute } from '@/app/v1/audio/articles/get_private_url/route';
import { GET as timeTrackRoute } from '@/app/v1/articles/[id]/tts_time_track/route';
import { GET as playlistRoute } from '@/app/audio/[aid]/index.m3u8/route';
import { GET as segmentRoute } from '@/app/audio/[aid]/[segment]/route';
import { GET as streamRoute } from '@/app/audio/[aid]/stream.m3u8/route';
import { GET as readRoute } from '@/app/v1/read/[id]/route';
import { GET as manifestRoute } from '@/app/v1/offline/manifest/route';
import { signPreviewUrl, verifyPreviewSignature } from '@/lib/server/audio/preview';
import { POST as previewUrlRoute } from '@/app/v1/audio/articles/preview_url/route';
import { ensureChapterAudio } from '@/lib/server/audio/jobs';
import { loadAudioSource } from '@/lib/server/audio/source';
import { chapters, languageVoices, memberVoices, novels } from '@/lib/server/db/schema';
import { resolveVoice } from '@/lib/server/audio/voices';
import { jobsIdle } from '@/lib/server/audio/jobs';
import { aheadIdle } from '@/lib/server/audio/ahead';
import { signAudioUrl } from '@/lib/server/audio/signed-url';
import { audioStorage } from '@/lib/server/audio/storage';
import { espeakEngine } from '@/lib/tts/espeak-engine';
import type { VoiceProfile } from '@/lib/tts/engine';
import { allVoices } from '@/lib/tts/registry';
import { VOICE_KEY_PATTERN } from '@/lib/shared/schemas/voices';

// docs/listening.md "Voice resolution", "Keys per voice" and "Signed URLs carry the voice": the voices of a novel,
// the member's choice kept server-side, the voice threaded through signed URLs, and one synthesis per voice.

const db = useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
useTempAudioStorage('voices');

const CMN = 'espeak-ng:cmn';
/** The two voices these tests make audio in, out of a voice list (eSpeak's other variants are listed too). */
const ofTwo = (list: { key: string }[]) => list.filter((v) => v.key === CMN || v.key === ALT.key);
const UG = 'espeak-ng:ug';
/** A second Mandarin voice for these tests: eSpeak's Mandarin under another key (so its audio is keyed apart). */
const ALT: VoiceProfile = {
  key: 'espeak-ng:cmn-test',
  engine: 'espeak-ng',
  id: 'cmn',
  language: 'zh-CN',
  languageType: 1,
  name: '测试 · 第二音色',
  gender: 'female',
  sample: '你好。',
};
const SHORT = ['第一段。林夜站在山门前。', '第二段。三年前，他还是少年。'];

let synthesized: string[] = [];
beforeAll(async () => {
  // Two short paragraphs per chapter of novel 1: the chapters made ahead of listeners stay quick to make.
  await db
    .handle()
    .db.execute(
      sql`update chapters set content = split_part(content, E'\n', 1) || E'\n' || split_part(content, E'\n', 2) where novel_id = 1`,
    );
  const engine = espeakEngine();
  const voices = engine.voices();
  jest.spyOn(engine, 'voices').mockImplementation(() => [...voices, ALT]);
  // Counts paragraphs per voice: one synthesis of a chapter is one call per paragraph.
  const synthesize = engine.synthesize.bind(engine);
  jest.spyOn(engine, 'synthesize').mockImplementation((text, voice, options) => {
    synthesized.push(`${voice.id}|${(voice as VoiceProfile).key ?? ''}|${text}`);
    return synthesize(text, voice, options);
  });
});

const d = () => db.handle().db;
const chapterOf = async (novelId: number, idx: number) =>
  (
    await d()
      .select()
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)))
  )[0]!;
/** A free chapter of novel 1 with its own short text (unique, so nothing stored from another test matches it). */
async function freshChapter(idx: number): Promise<number> {
  const ch = await chapterOf(1, idx);
  await d()
    .update(chapters)
    .set({ content: [...SHORT, `第${idx}章的结尾。`].join('\n'), isFree: true })
    .where(eq(chapters.id, ch.id));
  return ch.id;
}

type Answer = Promise<{ status: number; body: Any; headers: Headers }>;
const voices = (query: string, headers: Record<string, string> = {}) =>
  callRoute(voicesRoute, { url: `/v1/audio/voices?${query}`, headers }) as Answer;
const putVoice = (body: unknown, headers: Record<string, string | undefined> = {}) =>
  callRoute(memberVoiceRoute, { method: 'PUT', url: '/v1/me/voice', body, headers }) as Answer;
const privateUrl = (body: unknown, headers: Record<string, string> = {}) =>
  callRoute(privateUrlRoute, {
    method: 'POST',
    url: '/v1/audio/articles/get_private_url',
    body,
    headers: { host: 'localhost', ...headers },
  }) as Answer;
const timeTrack = (id: number, query = '', headers: Record<string, string> = {}) =>
  callRoute(timeTrackRoute, { url: `/v1/articles/${id}/tts_time_track${query}`, params: { id: String(id) }, headers }) as Answer;

async function media(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const u = new URL(url, 'http://localhost');
  const [, , aid, file] = u.pathname.split('/');
  const req = new NextRequest(u, { headers });
  if (file === 'index.m3u8') return playlistRoute(req, { params: Promise.resolve({ aid: aid! }) });
  if (file === 'stream.m3u8') return streamRoute(req, { params: Promise.resolve({ aid: aid! }) });
  return segmentRoute(req, { params: Promise.resolve({ aid: aid!, segment: file! }) });
}
const segmentUris = (playlist: string) => playlist.split('\n').filter((l) => l && !l.startsWith('#'));
const withQuery = (url: string, changes: Record<string, string | null>) => {
  const u = new URL(url, 'http://localhost');
  for (const [k, v] of Object.entries(changes))
    if (v === null) u.searchParams.delete(k);
    else u.searchParams.set(k, v);
  return `${u.pathname}?${u.searchParams}`;
};

it('every configured voice has a key that signed URLs and the API accept', () => {
  // An engine whose voice ids fall outside the pattern could never be signed (every URL would answer 403).
  for (const v of allVoices()) expect(v.key).toMatch(VOICE_KEY_PATTERN);
  expect(allVoices().map((v) => v.key)).toContain(ALT.key);
});

describe('voice resolution order', () => {
  it("asked, then the member's choice, then the novel's default, then the language's, then eSpeak's; gone keys are passed over", async () => {
    const m = await signedInMember();
    const novel = { hasTts: true, languageType: 1, voiceKey: null as string | null };
    const key = async (want: { memberId?: number; key?: string } = {}) => (await resolveVoice(novel, want))?.key;
    expect(await key()).toBe(CMN);
    await d().insert(languageVoices).values({ languageType: 1, voiceKey: ALT.key });
    expect(await key()).toBe(ALT.key);
    novel.voiceKey = CMN;
    expect(await key()).toBe(CMN); // the novel's own default before its language's
    await d().insert(memberVoices).values({ memberId: m.id, languageType: 1, voiceKey: ALT.key });
    expect(await key({ memberId: m.id })).toBe(ALT.key); // the member's choice before the novel's
    expect(await key({ memberId: m.id, key: CMN })).toBe(CMN); // the voice asked for before all
    expect(await key({ memberId: m.id, key: UG })).toBe(ALT.key); // of another language: passed over
    // Keys no engine offers any more are ignored wherever they are stored.
    await d().update(memberVoices).set({ voiceKey: 'gone:voice' }).where(eq(memberVoices.memberId, m.id));
    novel.voiceKey = 'gone:voice';
    expect(await key({ memberId: m.id })).toBe(ALT.key); // the language's default
    await d().update(languageVoices).set({ voiceKey: 'gone:voice' });
    expect(await key({ memberId: m.id })).toBe(CMN); // eSpeak's
    expect(await resolveVoice({ ...novel, hasTts: false }, { key: CMN })).toBeNull();
    expect(await resolveVoice({ hasTts: true, languageType: 2, voiceKey: null })).toBeNull();
    await d().delete(languageVoices);
    await d().delete(memberVoices).where(eq(memberVoices.memberId, m.id));
  });
});

describe('GET /v1/audio/voices', () => {
  it("lists a novel's voices for a guest, with the default as current and no readiness without a chapter", async () => {
    const res = await voices('novel_id=1');
    expect(res.status).toBe(200);
    const keys = res.body.data.voices.map((v: Any) => v.key);
    // eSpeak's Mandarin voices (its variants too) and the test's own voice; none of another language.
    expect(keys).toEqual([CMN, 'espeak-ng:cmn+f3', 'espeak-ng:cmn+m4', ALT.key]);
    expect(res.body.data.voices[0]).toEqual({
      key: CMN,
      name: '普通话 · 标准音',
      gender: 'male',
      language: 'zh-CN',
      engine: 'espeak-ng',
      sample_url: '/audio/voices/espeak-ng%3Acmn/sample',
      ready: null,
    });
    expect(res.body.data).toMatchObject({ current: CMN, default: CMN, language_type: 1 });
  });

  it('tells which voices have a chapter made, only after it was made in that voice', async () => {
    const id = await freshChapter(2);
    const before = await voices(`novel_id=1&article_id=${id}`);
    expect(ofTwo(before.body.data.voices).map((v: Any) => v.ready)).toEqual([false, false]);
    const m = await signedInMember();
    const url = (await privateUrl({ base_url: `/audio/${id}/index.m3u8`, voice: ALT.key }, m.auth)).body.data.url;
    expect((await media(url)).status).toBe(200);
    await jobsIdle();
    const after = await voices(`novel_id=1&article_id=${id}`);
    expect(ofTwo(after.body.data.voices).map((v: Any) => [v.key, v.ready])).toEqual([
      [CMN, false],
      [ALT.key, true],
    ]);
  });

  it('refuses unknown novels (404), novels without listening (400), chapters of another novel and bad ids', async () => {
    expectRefused(await voices('novel_id=999999'), 404);
    await d().update(novels).set({ hasTts: false }).where(eq(novels.id, 2));
    expectRefused(await voices('novel_id=2'), 400);
    const other = await chapterOf(3, 1);
    expectRefused(await voices(`novel_id=1&article_id=${other.id}`), 404);
    expectRefused(await voices('novel_id=1&article_id=99999999'), 404);
    for (const bad of BAD_IDS) {
      expectRefused(await voices(`novel_id=${encodeURIComponent(bad)}`), 400, bad);
      expectRefused(await voices(`novel_id=1&article_id=${encodeURIComponent(bad)}`), 400, bad);
    }
    expectRefused(await voices(''), 400);
  });
});

describe('PUT /v1/me/voice', () => {
  it("keeps the member's choice per language; it becomes their current voice and the one they are signed", async () => {
    const m = await signedInMember();
    const res = await putVoice({ language_type: 1, voice: ALT.key }, m.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ language_type: 1, voice: ALT.key });
    expect((await voices('novel_id=1', m.auth)).body.data).toMatchObject({ current: ALT.key, default: CMN });
    // A guest and another member still hear the default.
    expect((await voices('novel_id=1')).body.data.current).toBe(CMN);
    expect((await voices('novel_id=1', (await signedInMember()).auth)).body.data.current).toBe(CMN);
    const id = await freshChapter(3);
    const signed = await privateUrl({ base_url: `/audio/${id}/index.m3u8` }, m.auth);
    expect(signed.body.data.voice).toBe(ALT.key);
    expect(new URL(signed.body.data.url, 'http://localhost').searchParams.get('v')).toBe(ALT.key);
    // Changed again: the row is updated, not duplicated.
    expect((await putVoice({ language_type: 1, voice: CMN }, m.auth)).status).toBe(200);
    const rows = await d().select().from(memberVoices).where(eq(memberVoices.memberId, m.id));
    expect(rows.map((r) => [r.languageType, r.voiceKey])).toEqual([[1, CMN]]);
  });

  it('refuses guests, unknown keys, voices of another language and malformed bodies, writing nothing', async () => {
    const m = await signedInMember();
    expectRefused(await putVoice({ language_type: 1, voice: CMN }), 401);
    const bad: unknown[] = [
      { language_type: 1, voice: 'nobody:voice' },
      { language_type: 0, voice: CMN },
      { language_type: 1, voice: UG },
      { language_type: 2, voice: CMN },
      { language_type: 3, voice: CMN },
      { language_type: '1', voice: CMN },
      { language_type: true, voice: CMN },
      { language_type: 1 },
      { language_type: 1, voice: '' },
      { language_type: 1, voice: '../../etc' },
      { language_type: 1, voice: 'x'.repeat(300) },
      { language_type: 1, voice: 42 },
      [],
      null,
    ];
    for (const body of bad) expectRefused(await putVoice(body, m.auth), 400, body);
    expect((await putVoice({ language_type: 1, voice: UG }, m.auth)).body.message).toBe('该音色不适用于这种语言');
    expect((await putVoice({ language_type: 1, voice: 'nobody:voice' }, m.auth)).body.message).toBe('该音色暂不可用');
    // A write without x-sig is refused as every other member write is.
    expectRefused(await putVoice({ language_type: 1, voice: CMN }, { ...m.auth, 'x-sig': undefined }), 400);
    expect(await d().select().from(memberVoices).where(eq(memberVoices.memberId, m.id))).toEqual([]);
  });

  it("a cookie session's write from another site is refused", async () => {
    const m = await signedInMember();
    const res = await putVoice(
      { language_type: 1, voice: ALT.key },
      { cookie: `member_token=${m.token}`, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await d().select().from(memberVoices).where(eq(memberVoices.memberId, m.id))).toEqual([]);
  });
});

describe('the voice through get_private_url, the playlist, segments and the time track', () => {
  it('signs the voice asked for, plays it, and its time track is that voice’s', async () => {
    const id = await freshChapter(4);
    const m = await signedInMember();
    const res = await privateUrl({ base_url: `/audio/${id}/index.m3u8`, voice: ALT.key }, m.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.voice).toBe(ALT.key);
    const playlist = await media(res.body.data.url, m.auth);
    expect(playlist.status).toBe(200);
    const uris = segmentUris(await playlist.text());
    expect(uris[0]).toMatch(/^0\.ts\?a=[0-9a-f]{8}-[0-9a-f]{32}&m=\d+&e=\d+&s=[0-9a-f]{64}&v=espeak-ng%3Acmn-test$/);
    expect((await media(`/audio/${id}/${uris[0]}`, m.auth)).status).toBe(200);
    await jobsIdle();
    const alt = await timeTrack(id, `?voice=${encodeURIComponent(ALT.key)}`, m.auth);
    expect(alt.body.data).toMatchObject({ voice: ALT.key, complete: true });
    // The default voice of the same chapter is not made by that.
    expect((await timeTrack(id, '', (await signedInMember()).auth)).body.data).toMatchObject({
      voice: CMN,
      complete: false,
      time_track: [],
    });
  });

  it('refuses a voice no engine offers or of another language (400), and bad voice strings', async () => {
    const id = await freshChapter(5);
    const m = await signedInMember();
    for (const voice of ['nobody:voice', UG, '', 'x', '../x:y'])
      expectRefused(await privateUrl({ base_url: `/audio/${id}/index.m3u8`, voice }, m.auth), 400, voice);
    for (const voice of ['nobody:voice', UG, '%00']) expectRefused(await timeTrack(id, `?voice=${encodeURIComponent(voice)}`), 400, voice);
  });

  it('a signature for one voice opens neither another voice nor, with a session, another member', async () => {
    const id = await freshChapter(6);
    const m = await signedInMember();
    const other = await signedInMember();
    const { url } = (await privateUrl({ base_url: `/audio/${id}/index.m3u8`, voice: CMN }, m.auth)).body.data;
    // The voice swapped or dropped: the signature no longer matches.
    expect((await media(withQuery(url, { v: ALT.key }))).status).toBe(403);
    expect((await media(withQuery(url, { v: null }))).status).toBe(403);
    expect((await media(withQuery(url, { v: 'nobody:voice' }))).status).toBe(403);
    // Another member's session presenting this member's URL.
    expect((await media(url, other.auth)).status).toBe(403);
    // A segment of the other voice's audio asked with this voice's signature.
    const altUrl = (await privateUrl({ base_url: `/audio/${id}/index.m3u8`, voice: ALT.key }, m.auth)).body.data.url;
    const altUri = segmentUris(await (await media(altUrl)).text())[0]!;
    const altVersion = new URLSearchParams(altUri.split('?')[1]).get('a')!;
    const cmnQuery = new URL(url, 'http://localhost').search.slice(1);
    expect((await media(`/audio/${id}/0.ts?a=${altVersion}&${cmnQuery}`)).status).toBe(404);
    expect((await media(`/audio/${id}/0.ts?a=${altVersion}&${new URL(altUrl, 'http://localhost').search.slice(1)}`)).status).toBe(200);
  });

  it('a URL signed for a voice no engine offers any more plays the listener’s voice', async () => {
    const id = await freshChapter(7);
    const m = await signedInMember();
    const { url } = signAudioUrl(m.id, id, 'gone:voice');
    const playlist = await media(url, m.auth);
    expect(playlist.status).toBe(200);
    expect(segmentUris(await playlist.text())[0]).toMatch(/^0\.ts\?a=[0-9a-f]{32}&/);
  });

  it('the continuous stream keeps the voice chapter after chapter', async () => {
    const first = await freshChapter(8);
    const second = await freshChapter(9);
    const m = await signedInMember();
    const { url } = (await privateUrl({ base_url: `/audio/${first}/index.m3u8`, voice: ALT.key }, m.auth)).body.data;
    await media(url, m.auth);
    await jobsIdle();
    await aheadIdle();
    await jobsIdle();
    const stream = await media(`${url.replace('index.m3u8', 'stream.m3u8')}&n=1`, m.auth);
    expect(stream.status).toBe(200);
    const uris = segmentUris(await stream.text());
    const ofSecond = uris.filter((u) => u.startsWith(`/audio/${second}/`));
    expect(ofSecond.length).toBeGreaterThan(0);
    for (const uri of uris) expect(new URLSearchParams(uri.split('?')[1]).get('v')).toBe(ALT.key);
    expect((await media(ofSecond[0]!, m.auth)).status).toBe(200);
  });
});

describe('two listeners of one voice -> one synthesis', () => {
  it('makes a chapter once per voice, and a second voice keeps the first voice’s audio', async () => {
    const id = await freshChapter(14);
    const paragraphs = [...SHORT, '第14章的结尾。'];
    const [a, b, c] = [await signedInMember(), await signedInMember(), await signedInMember()];
    await putVoice({ language_type: 1, voice: ALT.key }, c.auth);
    await aheadIdle();
    await jobsIdle();
    synthesized = [];
    const urls = await Promise.all(
      [a, b].map(async (m) => (await privateUrl({ base_url: `/audio/${id}/index.m3u8` }, m.auth)).body.data.url),
    );
    const answers = await Promise.all(urls.map((u) => media(u)));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    await jobsIdle();
    const calls = () => synthesized.filter((s) => paragraphs.some((p) => s.endsWith(`|${p}`)));
    expect(calls()).toHaveLength(paragraphs.length);
    const cmnKeys = await audioStorage().list(`chapters/${id}`);
    expect(cmnKeys).toHaveLength(1);
    // The third listener's voice is their stored choice: a second, separate audio of the same chapter.
    const third = await privateUrl({ base_url: `/audio/${id}/index.m3u8` }, c.auth);
    expect(third.body.data.voice).toBe(ALT.key);
    expect((await media(third.body.data.url)).status).toBe(200);
    await jobsIdle();
    expect(calls()).toHaveLength(paragraphs.length * 2);
    const keys = await audioStorage().list(`chapters/${id}`);
    expect(keys).toHaveLength(2);
    expect(keys).toEqual(expect.arrayContaining(cmnKeys));
    // The first voice's audio still plays after the second's render (the cleanup keeps other voices).
    const again = await media(urls[0]!);
    expect(again.status).toBe(200);
    const uri = segmentUris(await again.text())[0]!;
    expect((await media(`/audio/${id}/${uri}`)).status).toBe(200);
    expect(calls()).toHaveLength(paragraphs.length * 2);
  });

  it('an edited chapter re-made in one voice drops only that voice’s older audio', async () => {
    const id = await freshChapter(17);
    const m = await signedInMember();
    for (const voice of [CMN, ALT.key]) {
      const url = (await privateUrl({ base_url: `/audio/${id}/index.m3u8`, voice }, m.auth)).body.data.url;
      expect((await media(url)).status).toBe(200);
    }
    await jobsIdle();
    const before = await audioStorage().list(`chapters/${id}`);
    expect(before).toHaveLength(2);
    await d().execute(sql`update chapters set content = content || E'\n新加的一段。' where id = ${id}`);
    const url = (await privateUrl({ base_url: `/audio/${id}/index.m3u8`, voice: ALT.key }, m.auth)).body.data.url;
    expect((await media(url)).status).toBe(200);
    await jobsIdle();
    const after = await audioStorage().list(`chapters/${id}`);
    // The default voice's audio of the old text stays (a listener of it may be mid-chapter); ALT's old one went.
    const cmnOld = before.find((k) => /\/[0-9a-f]{32}$/.test(k))!;
    expect(after).toContain(cmnOld);
    expect(after).toHaveLength(2);
    expect(after.filter((k) => !before.includes(k))).toHaveLength(1);
  });
});

describe('the reader, offline downloads and the preview take the voice', () => {
  it("the reader's time track is of the voice asked for, else the novel's default; a bad voice is refused", async () => {
    const id = await freshChapter(19);
    const m = await signedInMember();
    const url = (await privateUrl({ base_url: `/audio/${id}/index.m3u8`, voice: ALT.key }, m.auth)).body.data.url;
    expect((await media(url)).status).toBe(200);
    await jobsIdle();
    const read = (query: string) =>
      callRoute(readRoute, { url: `/v1/read/${id}${query}`, params: { id: String(id) }, headers: m.auth }) as Answer;
    const alt = await read(`?voice=${encodeURIComponent(ALT.key)}`);
    expect(alt.status).toBe(200);
    expect(alt.body.data.time_track).toHaveLength(3);
    // Not the member's own choice (a free chapter's answer may be shared): the default voice, not made yet.
    await putVoice({ language_type: 1, voice: ALT.key }, m.auth);
    expect((await read('')).body.data.time_track).toBeNull();
    expectRefused(await read('?voice=..%2Fx'), 400);
  });

  it('an offline manifest signs the voice asked for, and refuses one not offered', async () => {
    const id = await freshChapter(20);
    const m = await signedInMember();
    const manifest = (query: string) =>
      callRoute(manifestRoute, { url: `/v1/offline/manifest?novel_id=1&start=${id}&count=1${query}`, headers: m.auth }) as Answer;
    expect((await manifest(`&voice=${encodeURIComponent(ALT.key)}`)).body.data.chapters[0].audio).toBeNull();
    await aheadIdle();
    await jobsIdle();
    const made = (await manifest(`&voice=${encodeURIComponent(ALT.key)}`)).body.data.chapters[0].audio;
    expect(new URL(made.playlist_url, 'http://localhost').searchParams.get('v')).toBe(ALT.key);
    expect((await media(made.playlist_url, m.auth)).status).toBe(200);
    expectRefused(await manifest(`&voice=${encodeURIComponent(UG)}`), 400);
    expectRefused(await manifest('&voice=nobody%3Avoice'), 400);
  });

  it('a preview is made only in the default voice: another voice previews once made, else the default is named', async () => {
    const locked = await chapterOf(1, 22);
    await d()
      .update(chapters)
      .set({ content: [...SHORT, '第22章的结尾。'].join('\n') })
      .where(eq(chapters.id, locked.id));
    const m = await signedInMember();
    const preview = (body: unknown) =>
      callRoute(previewUrlRoute, { method: 'POST', url: '/v1/audio/articles/preview_url', body, headers: m.auth }) as Answer;
    const first = await preview({ article_id: locked.id, voice: ALT.key });
    expect(first.status).toBe(200);
    expect(first.body.data.voice).toBe(CMN);
    expect(new URL(first.body.data.url, 'http://localhost').searchParams.get('v')).toBe(CMN);
    await jobsIdle();
    expect(ofTwo((await voices(`novel_id=1&article_id=${locked.id}`)).body.data.voices).map((v: Any) => v.ready)).toEqual([true, false]);
    // Made in ALT (by an entitled listener): now the preview is ALT's.
    const alt = (await loadAudioSource(locked.id, { key: ALT.key }))!;
    await (
      await ensureChapterAudio(alt.key!, alt.voice!, alt.paragraphs, 'now')
    )?.done;
    expect((await preview({ article_id: locked.id, voice: ALT.key })).body.data.voice).toBe(ALT.key);
    expectRefused(await preview({ article_id: locked.id, voice: 'nobody:voice' }), 400);
  });

  it('a preview signature covers its voice: swapped or dropped, it opens nothing', () => {
    const q = new URL(signPreviewUrl(7, 42, CMN).url, 'http://localhost').searchParams;
    expect(verifyPreviewSignature(42, q)).toMatchObject({ memberId: 7, voice: CMN });
    expect(verifyPreviewSignature(42, new URLSearchParams({ ...Object.fromEntries(q), v: ALT.key }))).toBeNull();
    const dropped = new URLSearchParams(q);
    dropped.delete('v');
    expect(verifyPreviewSignature(42, dropped)).toBeNull();
    // Nor does the full stream's signature stand in for a preview's, in the same voice.
    const full = new URL(signAudioUrl(7, 42, CMN).url, 'http://localhost').searchParams;
    expect(verifyPreviewSignature(42, full)).toBeNull();
  });
});
