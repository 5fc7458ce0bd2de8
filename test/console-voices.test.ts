// The console's voice section (docs/listening.md "Voices on the console"): language and novel defaults, pre-voicing
// a novel in a chosen voice and storage per voice; roles, bad input and audit rows, through the real form handler
// and the page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { and, desc, eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { getDb } from '@/lib/server/db/client';
import { audioBacklog, authors, categories, chapters, languageVoices, novels, staffAuditLog } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { FsAudioStorage, setAudioStorage, audioStorage } from '@/lib/server/audio/storage';
import { aheadWaitingItems, resetAheadQueue, stopAhead } from '@/lib/server/audio/ahead';
import { requeueBacklog } from '@/lib/server/audio/backlog';
import { jobsIdle } from '@/lib/server/audio/jobs';
import { resolveVoice } from '@/lib/server/audio/voices';
import { voiceTag } from '@/lib/server/audio/voice-tags';
import { voiceStorage } from '@/lib/server/staff/voice-defaults';
import { closeEspeakEngine, espeakEngine } from '@/lib/tts/espeak-engine';
import type { VoiceProfile } from '@/lib/tts/engine';
import { POST as voicesAction } from '@/app/admin/actions/listening-voices/route';
import ListeningPage from '@/app/admin/listening/page';

jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'v_editor', displayName: '编辑', role: 'editor' }),
);

process.env.LOG_LEVEL = 'error';
useTestDatabase();

const CMN = 'espeak-ng:cmn';
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

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-console-voices-'));
let ipSeq = 0;
const tokens: Record<string, string> = {};
let voiced = 0;
let uyghur = 0;
const ch: number[] = [];

beforeAll(async () => {
  setAudioStorage(new FsAudioStorage(root));
  const engine = espeakEngine();
  const voices = engine.voices();
  jest.spyOn(engine, 'voices').mockImplementation(() => [...voices, ALT]);
  for (const role of ['admin', 'editor', 'moderator'] as const) {
    await createStaffFromCommand(getDb(), { username: `v_${role}`, role, password: `v_${role}-password` });
    tokens[role] = (await staffSignIn({ username: `v_${role}`, password: `v_${role}-password`, ip: `10.61.0.${++ipSeq}` })).session.token;
  }
  const d = getDb();
  const [author] = await d.insert(authors).values({ name: '音色作者' }).returning({ id: authors.id });
  const [cat] = await d.insert(categories).values({ name: '都市', gender: 1 }).returning({ id: categories.id });
  const base = { thumb: '', authorId: author!.id, categoryId: cat!.id };
  const [a] = await d
    .insert(novels)
    .values({ ...base, title: '音色之书', hasTts: true, languageType: 1 })
    .returning({ id: novels.id });
  const [u] = await d
    .insert(novels)
    .values({ ...base, title: 'ئۇيغۇرچە', hasTts: true, languageType: 0 })
    .returning({ id: novels.id });
  voiced = a!.id;
  uyghur = u!.id;
  for (let i = 1; i <= 3; i++) {
    const [c] = await d
      .insert(chapters)
      .values({ novelId: voiced, idx: i, title: `第${i}章`, content: `第${i}章。`, wordCount: 3, isFree: true, price: 0 })
      .returning({ id: chapters.id });
    ch.push(c!.id);
  }
});
afterAll(async () => {
  await stopAhead();
  await jobsIdle();
  await closeEspeakEngine();
  setAudioStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

const post = (role: string, fields: Record<string, string>) =>
  voicesAction(
    new NextRequest('http://localhost/admin/actions/listening-voices', {
      method: 'POST',
      body: new URLSearchParams({ back: '/admin/listening', ...fields }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `staff_token=${tokens[role]}`,
        ...peerHeaders(`10.62.0.${++ipSeq}`),
      },
    }),
  );
const flash = (res: Response) => {
  const url = new URL(res.headers.get('location')!);
  return { ok: url.searchParams.get('ok'), err: url.searchParams.get('err') };
};
const audits = (action: string) =>
  getDb().select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(desc(staffAuditLog.id));
const novelVoice = async (id: number) => (await getDb().select({ v: novels.voiceKey }).from(novels).where(eq(novels.id, id)))[0]!.v;
const novelRow = async (id: number) => (await getDb().select().from(novels).where(eq(novels.id, id)))[0]!;

describe('the voice section of /admin/listening', () => {
  it('renders the language defaults, the novel and pre-voicing forms and the storage per voice', async () => {
    const html = renderToStaticMarkup(await ListeningPage({ searchParams: Promise.resolve({}) }));
    expect(html).toContain('data-testid="voices-section"');
    expect(html).toContain('各语言默认音色');
    expect(html).toContain(`value="${ALT.key}"`);
    expect(html).toContain('未设置（内置：普通话 · 标准音）');
    // Tibetan: no engine reads it, so no select.
    expect(html).toMatch(/藏语[^]*?暂无可用音色/);
    expect(html).toContain('data-testid="voice-prevoice"');
  });

  it('sets and clears a language default; listeners without a choice follow it; audited', async () => {
    expect(flash(await post('editor', { op: 'language_default', language: '1', voice: ALT.key })).ok).toContain('测试 · 第二音色');
    expect((await resolveVoice({ ...(await novelRow(voiced)), voiceKey: null }))?.key).toBe(ALT.key);
    expect((await audits('audio.voice_language'))[0]!.detail).toEqual({ languageType: 1, before: null, after: ALT.key });
    expect(flash(await post('editor', { op: 'language_default', language: '1', voice: '' })).ok).toContain('已清除');
    expect(await getDb().select().from(languageVoices)).toEqual([]);
    expect((await resolveVoice(await novelRow(voiced)))?.key).toBe(CMN);
  });

  it('sets and clears a novel default, only a voice of its language', async () => {
    expect(flash(await post('admin', { op: 'novel_default', novel: String(voiced), voice: ALT.key })).ok).toContain('音色之书');
    expect(await novelVoice(voiced)).toBe(ALT.key);
    expect((await resolveVoice(await novelRow(voiced)))?.key).toBe(ALT.key);
    expect((await audits('audio.voice_novel'))[0]).toMatchObject({ targetId: voiced, detail: { before: null, after: ALT.key } });
    const listed = renderToStaticMarkup(await ListeningPage({ searchParams: Promise.resolve({}) }));
    expect(listed).toMatch(new RegExp(`data-testid="voice-novels"[^]*${voiced} 音色之书[^]*测试 · 第二音色`));
    // A Mandarin voice for a Uyghur novel, an unknown one, a novel that does not exist: refused, nothing changed.
    expect(flash(await post('admin', { op: 'novel_default', novel: String(uyghur), voice: CMN })).err).toBe('该音色不适用于这部作品的语言');
    expect(flash(await post('admin', { op: 'novel_default', novel: String(uyghur), voice: 'nobody:voice' })).err).toBe('该音色暂不可用');
    expect(flash(await post('admin', { op: 'novel_default', novel: '99999999', voice: CMN })).err).toBe('作品不存在');
    expect(await novelVoice(uyghur)).toBeNull();
    expect(flash(await post('admin', { op: 'novel_default', novel: String(voiced), voice: '' })).ok).toContain('已清除');
    expect(await novelVoice(voiced)).toBeNull();
  });

  it('refuses bad input and roles without listening, writing nothing', async () => {
    const before = (await audits('audio.voice_language')).length + (await audits('audio.voice_novel')).length;
    const bad: Record<string, string>[] = [
      { op: 'language_default', language: '3', voice: CMN },
      { op: 'language_default', language: '1', voice: '../../x' },
      { op: 'language_default', language: '0', voice: CMN },
      { op: 'language_default', language: '1', voice: 'x'.repeat(200) },
      { op: 'novel_default', novel: '-1', voice: CMN },
      { op: 'novel_default', novel: 'abc', voice: CMN },
      { op: 'prevoice', novel: String(voiced), voice: '' },
      { op: 'nothing' },
    ];
    for (const fields of bad) expect(flash(await post('editor', fields)).err).toMatch(/[\u4e00-\u9fff]/);
    expect(flash(await post('moderator', { op: 'language_default', language: '1', voice: ALT.key })).err).toMatch(/无权/);
    expect(flash(await post('moderator', { op: 'prevoice', novel: String(voiced), voice: ALT.key })).err).toMatch(/无权/);
    expect((await audits('audio.voice_language')).length + (await audits('audio.voice_novel')).length).toBe(before);
    expect(await getDb().select().from(languageVoices)).toEqual([]);
  });

  it('pre-voices a novel in a chosen voice: its chapters queued and stored in that voice; audited', async () => {
    await stopAhead();
    const res = flash(await post('editor', { op: 'prevoice', novel: String(voiced), voice: ALT.key }));
    expect(res.ok).toContain('音色之书');
    const stored = await getDb()
      .select({ chapterId: audioBacklog.chapterId })
      .from(audioBacklog)
      .where(and(eq(audioBacklog.voiceKey, ALT.key)));
    expect(stored.map((r) => r.chapterId).sort()).toEqual([...ch].sort());
    const queued = aheadWaitingItems().filter((i) => i.voice === ALT.key);
    expect(queued.length + 1).toBeGreaterThanOrEqual(ch.length); // the first may already be taken by the runner
    expect((await audits('audio.prevoice'))[0]).toMatchObject({ targetId: voiced, detail: { voice: ALT.key } });
    expect(flash(await post('editor', { op: 'prevoice', novel: String(uyghur), voice: ALT.key })).err).toBe('该音色不适用于这部作品的语言');
    await stopAhead();
    // After a restart (an empty queue) the stored rows come back in the same voice.
    resetAheadQueue();
    const again = await requeueBacklog();
    expect(again.queued).toBeGreaterThan(0);
    const items = aheadWaitingItems();
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.voice === ALT.key)).toBe(true);
    await stopAhead();
  });

  it('counts storage per voice from the keys: untagged eSpeak audio and each tagged voice apart', async () => {
    await stopAhead();
    await jobsIdle();
    fs.rmSync(path.join(root, 'chapters'), { recursive: true, force: true });
    const put = (chapterId: number, version: string, bytes: number) =>
      audioStorage().writeAtomic(`chapters/${chapterId}/${version}`, '0.ts', Buffer.alloc(bytes, 1));
    await put(ch[0]!, 'a'.repeat(32), 1000);
    await put(ch[1]!, 'b'.repeat(32), 500);
    await put(ch[0]!, `${voiceTag(ALT.key)}-${'c'.repeat(32)}`, 300);
    await put(ch[1]!, `0000beef-${'d'.repeat(32)}`, 7);
    const rows = await voiceStorage({ id: 0, role: 'editor', ip: '' });
    expect(rows).toEqual([
      { key: CMN, label: '普通话 · 标准音', bytes: 1500, chapters: 2 },
      { key: ALT.key, label: ALT.name, bytes: 300, chapters: 1 },
      { key: null, label: '已不可用的音色（0000beef）', bytes: 7, chapters: 1 },
    ]);
    await expect(voiceStorage({ id: 0, role: 'moderator', ip: '' })).rejects.toThrow(/无权/);
    const html = renderToStaticMarkup(await ListeningPage({ searchParams: Promise.resolve({}) }));
    expect(html).toContain('data-testid="voice-storage"');
    expect(html).toContain('已不可用的音色（0000beef）');
  });
});
