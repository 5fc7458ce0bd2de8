// Listening operations (docs/listening.md "Operations"): the synthesis queue with its failures, retry, re-voicing a
// chapter and a novel, storage figures, the cap's eviction order, the heard-time writes; roles and audit rows,
// through the real form handler and the page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { desc, eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { getDb } from '@/lib/server/db/client';
import { audioChapterHeard, authors, categories, chapters, novels, staffAuditLog } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { FsAudioStorage, setAudioStorage, audioStorage } from '@/lib/server/audio/storage';
import { chapterAudioState, clearSynthesisFailure, ensureChapterAudio, jobsIdle, synthesisFailure } from '@/lib/server/audio/jobs';
import { aheadIdle } from '@/lib/server/audio/ahead';
import { loadAudioSource } from '@/lib/server/audio/source';
import { evictOverCap, noteHeard, resetAudioCapState, HEARD_WRITE_MS } from '@/lib/server/audio/storage-cap';
import { audioStorageView, synthesisQueue } from '@/lib/server/staff/listening';
import { closeEspeakEngine } from '@/lib/tts/espeak-engine';
import { POST as listeningAction } from '@/app/admin/actions/listening/route';
import ListeningPage from '@/app/admin/listening/page';

jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'l_editor', displayName: '编辑', role: 'editor' }),
);

process.env.LOG_LEVEL = 'error';
useTestDatabase();

/** Filesystem storage whose scratch directories can be held shut (a job sits "running") or made to fail. */
class GatedStorage extends FsAudioStorage {
  gate: Promise<void> | null = null;
  failWith: string | null = null;
  async makeScratch(): Promise<string> {
    if (this.gate) await this.gate;
    if (this.failWith) throw new Error(this.failWith);
    return super.makeScratch();
  }
}
const roots: string[] = [];
function freshStorage(): GatedStorage {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-ops-'));
  roots.push(root);
  const storage = new GatedStorage(root);
  setAudioStorage(storage);
  return storage;
}
afterAll(async () => {
  await aheadIdle();
  await jobsIdle();
  await closeEspeakEngine();
  setAudioStorage(undefined);
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

let ipSeq = 0;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let voiced = 0;
let silent = 0;
const ch: number[] = [];

beforeAll(async () => {
  for (const role of ['admin', 'editor', 'moderator', 'finance'] as const) {
    ids[role] = await createStaffFromCommand(getDb(), { username: `l_${role}`, role, password: `l_${role}-password` });
    tokens[role] = (await staffSignIn({ username: `l_${role}`, password: `l_${role}-password`, ip: `10.51.0.${++ipSeq}` })).session.token;
  }
  const d = getDb();
  const [author] = await d.insert(authors).values({ name: '墨香' }).returning({ id: authors.id });
  const [cat] = await d.insert(categories).values({ name: '玄幻', gender: 1 }).returning({ id: categories.id });
  const base = { thumb: '', authorId: author!.id, categoryId: cat!.id };
  const [a] = await d
    .insert(novels)
    .values({ ...base, title: '听书之书', hasTts: true, languageType: 1 })
    .returning({ id: novels.id });
  const [b] = await d
    .insert(novels)
    .values({ ...base, title: '藏文之书', hasTts: false, languageType: 2 })
    .returning({ id: novels.id });
  voiced = a!.id;
  silent = b!.id;
  for (let i = 1; i <= 8; i++) {
    const [c] = await d
      .insert(chapters)
      .values({ novelId: voiced, idx: i, title: `第${i}章`, content: `第${i}章。林夜站在山门前。`, wordCount: 10, isFree: true, price: 0 })
      .returning({ id: chapters.id });
    ch.push(c!.id);
  }
  await d.insert(chapters).values({ novelId: silent, idx: 1, title: '第一章', content: '……', wordCount: 2, isFree: true, price: 0 });
});

const post = (role: string, fields: Record<string, string>) =>
  listeningAction(
    new NextRequest('http://localhost/admin/actions/listening', {
      method: 'POST',
      body: new URLSearchParams({ back: '/admin/listening', ...fields }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `staff_token=${tokens[role]}`,
        ...peerHeaders(`10.52.0.${++ipSeq}`),
      },
    }),
  );
const flash = (res: Response) => {
  const url = new URL(res.headers.get('location')!);
  return { path: url.pathname, ok: url.searchParams.get('ok'), err: url.searchParams.get('err') };
};
const audits = async (action: string) =>
  getDb().select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(desc(staffAuditLog.id));
/** Old audio of a chapter: one version with one segment of `bytes` bytes. */
const storeFake = (chapterId: number, bytes: number, version = 'f'.repeat(32)) =>
  audioStorage().writeAtomic(`chapters/${chapterId}/${version}`, '0.ts', Buffer.alloc(bytes, 1));
const versions = (chapterId: number) => audioStorage().list(`chapters/${chapterId}`);
const editor = { id: 0, role: 'editor', ip: '' };

describe('storage cap', () => {
  it('evicts the least recently heard first, never one heard lately, until under the cap', async () => {
    freshStorage();
    resetAudioCapState();
    const now = new Date('2026-11-20T12:00:00Z');
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
    for (const c of ch.slice(0, 5)) await storeFake(c, 1000);
    // ch[0] never heard; ch[1] 5 h ago, ch[2] 3 h, ch[3] 10 min (protected), ch[4] 4 h.
    await getDb()
      .insert(audioChapterHeard)
      .values([
        { chapterId: ch[1]!, lastHeardAt: hoursAgo(5) },
        { chapterId: ch[2]!, lastHeardAt: hoursAgo(3) },
        { chapterId: ch[3]!, lastHeardAt: hoursAgo(1 / 6) },
        { chapterId: ch[4]!, lastHeardAt: hoursAgo(4) },
      ]);
    expect(await evictOverCap({ now, cap: null })).toMatchObject({ evicted: [], totalBefore: 5000 });
    expect(await evictOverCap({ now, cap: 6000 })).toMatchObject({ evicted: [], totalAfter: 5000 });
    const first = await evictOverCap({ now, cap: 2500 });
    expect(first).toMatchObject({ evicted: [ch[0], ch[1], ch[4]], freed: 3000, totalAfter: 2000 });
    expect(await versions(ch[0]!)).toEqual([]);
    expect(await versions(ch[2]!)).toHaveLength(1);
    // A cap of nothing still spares the chapter heard ten minutes ago.
    expect((await evictOverCap({ now, cap: 0 })).evicted).toEqual([ch[2]]);
    expect(await versions(ch[3]!)).toHaveLength(1);
    // A hear in this process counts at once, before its row is written.
    await storeFake(ch[5]!, 1000);
    await noteHeard(ch[5]!, hoursAgo(0.5));
    expect((await evictOverCap({ now, cap: 0 })).evicted).toEqual([]);
  });

  it('writes the heard time at most once an hour per chapter', async () => {
    resetAudioCapState();
    const t0 = new Date('2026-11-21T08:00:00Z');
    const row = async () => (await getDb().select().from(audioChapterHeard).where(eq(audioChapterHeard.chapterId, ch[6]!)))[0]?.lastHeardAt;
    await noteHeard(ch[6]!, t0);
    expect(await row()).toEqual(t0);
    await noteHeard(ch[6]!, new Date(t0.getTime() + 10 * 60_000));
    expect(await row()).toEqual(t0);
    // Another process (nothing in memory) within the hour: the conditional upsert leaves the row alone.
    resetAudioCapState();
    await noteHeard(ch[6]!, new Date(t0.getTime() + 30 * 60_000));
    expect(await row()).toEqual(t0);
    const later = new Date(t0.getTime() + 30 * 60_000 + HEARD_WRITE_MS + 60_000);
    await noteHeard(ch[6]!, later);
    expect(await row()).toEqual(later);
  });

  it('storage figures: bytes, files, chapters and the novels taking most', async () => {
    freshStorage();
    await storeFake(ch[0]!, 3000);
    await storeFake(ch[1]!, 2000);
    await audioStorage().writeAtomic(`chapters/${ch[1]}/${'f'.repeat(32)}`, 'index.m3u8', '#EXTM3U\n');
    const view = await audioStorageView(editor);
    expect(view).toMatchObject({ bytes: 5008, files: 3, chapters: 2 });
    expect(view.topNovels).toEqual([{ novelId: voiced, title: '听书之书', bytes: 5008, chapters: 2 }]);
    await expect(audioStorageView({ id: 0, role: 'moderator', ip: '' })).rejects.toThrow(/无权/);
  });
});

describe('queue, failures and retry', () => {
  it('a job whose scratch directory cannot be made gives its slot back (nine in a row still run)', async () => {
    const storage = freshStorage();
    storage.failWith = 'ENOSPC: no space left on device';
    for (let i = 0; i < 9; i++) {
      const source = (await loadAudioSource(ch[i % 8]!))!;
      const job = (await ensureChapterAudio(source.key!, source.voice!, source.paragraphs, 'ahead'))!;
      await expect(job.done).rejects.toThrow('ENOSPC');
    }
    expect(synthesisFailure(ch[0]!)?.reason).toMatch('ENOSPC');
    storage.failWith = null;
    for (const c of ch) clearSynthesisFailure(c);
  });

  it('lists running, waiting and failed jobs with the reason; a busy chapter is never evicted; retry re-queues', async () => {
    const storage = freshStorage();
    resetAudioCapState();
    let open!: () => void;
    storage.gate = new Promise<void>((resolve) => (open = resolve));
    storage.failWith = 'ffmpeg exited with code 1';
    await storeFake(ch[0]!, 500, 'a'.repeat(32));
    const source = (await loadAudioSource(ch[0]!))!;
    const job = (await ensureChapterAudio(source.key!, source.voice!, source.paragraphs, 'now'))!;
    job.done.catch(() => undefined);
    await new Promise((r) => setImmediate(r));
    const queue = await synthesisQueue(editor);
    expect(queue.running).toEqual([
      expect.objectContaining({ chapterId: ch[0], novelTitle: '听书之书', chapterTitle: '第1章', priority: 'now' }),
    ]);
    // Busy: its old audio stays whatever the cap says.
    expect((await evictOverCap({ cap: 0 })).evicted).toEqual([]);
    expect(await versions(ch[0]!)).toContain(`chapters/${ch[0]}/${'a'.repeat(32)}`);

    open();
    await expect(job.done).rejects.toThrow('ffmpeg exited with code 1');
    const failed = (await synthesisQueue(editor)).failed;
    expect(failed).toEqual([expect.objectContaining({ chapterId: ch[0], reason: 'ffmpeg exited with code 1' })]);

    // The page shows it with a retry button.
    const html = renderToStaticMarkup(await ListeningPage({ searchParams: Promise.resolve({}) }));
    expect(html).toContain('ffmpeg exited with code 1');
    expect(html).toContain(`name="chapter" value="${ch[0]}"`);

    // Moderators cannot retry; nothing changes.
    expect(flash(await post('moderator', { op: 'retry', chapter: String(ch[0]) })).err).toMatch(/无权/);
    expect(synthesisFailure(ch[0]!)).toBeTruthy();

    storage.gate = null;
    storage.failWith = null;
    expect(flash(await post('editor', { op: 'retry', chapter: String(ch[0]) }))).toMatchObject({
      path: '/admin/listening',
      ok: '已重新排队',
    });
    expect((await audits('audio.retry'))[0]).toMatchObject({
      staffId: ids.editor,
      targetId: ch[0],
      detail: { reason: 'ffmpeg exited with code 1' },
    });
    await aheadIdle();
    expect((await chapterAudioState(source.key!))?.complete).toBe(true);
    expect(synthesisFailure(ch[0]!)).toBeUndefined();
    // Nothing failed any more: a retry is refused.
    expect(flash(await post('editor', { op: 'retry', chapter: String(ch[0]) })).err).toBe('该章节没有失败记录');
  }, 60_000);
});

describe('re-voicing', () => {
  it('a chapter: its old audio goes, it is synthesized again; audited', async () => {
    freshStorage();
    await storeFake(ch[1]!, 700, 'b'.repeat(32));
    const res = await post('editor', { op: 'revoice_chapter', chapter: String(ch[1]) });
    expect(flash(res).ok).toBe('已删除旧音频并排队重新合成 1 章');
    expect(await versions(ch[1]!)).not.toContain(`chapters/${ch[1]}/${'b'.repeat(32)}`);
    expect((await audits('audio.revoice'))[0]).toMatchObject({
      staffId: ids.editor,
      targetType: 'chapter',
      targetId: ch[1],
      detail: { novelId: voiced, chapters: 1, bytesRemoved: 700 },
    });
    await aheadIdle();
    const source = (await loadAudioSource(ch[1]!))!;
    expect((await chapterAudioState(source.key!))?.complete).toBe(true);
  }, 60_000);

  it('a whole novel: every chapter loses its audio and is queued; audited', async () => {
    const storage = freshStorage();
    // Hold synthesis back so the queue can be seen, and let the jobs fail quickly afterwards.
    let open!: () => void;
    storage.gate = new Promise<void>((resolve) => (open = resolve));
    storage.failWith = 'held';
    for (const c of ch) await storeFake(c, 100, 'c'.repeat(32));
    const res = await post('admin', { op: 'revoice_novel', novel: String(voiced) });
    expect(flash(res).ok).toBe('已删除旧音频并排队重新合成 8 章');
    for (const c of ch) expect(await versions(c)).toEqual([]);
    const queue = await synthesisQueue(editor);
    expect(queue.running.length + queue.waitingTotal).toBeGreaterThanOrEqual(7);
    expect(queue.waiting.map((w) => w.chapterId)).toEqual(expect.arrayContaining([ch[7]]));
    expect((await audits('audio.revoice'))[0]).toMatchObject({
      staffId: ids.admin,
      targetType: 'novel',
      targetId: voiced,
      detail: { chapters: 8, skipped: 0, bytesRemoved: 800 },
    });
    open();
    await aheadIdle();
    await jobsIdle();
  }, 60_000);

  it('bad input and roles: nothing removed, nothing audited', async () => {
    freshStorage();
    await storeFake(ch[2]!, 100);
    const before = (await audits('audio.revoice')).length;
    for (const [fields, err] of [
      [{ op: 'revoice_chapter', chapter: 'abc' }, '编号无效'],
      [{ op: 'revoice_chapter', chapter: '99999999' }, '章节不存在'],
      [{ op: 'revoice_novel', novel: String(silent) }, '该作品没有听书语音'],
      [{ op: 'revoice_novel', novel: '99999999' }, '作品不存在或没有章节'],
      [{ op: 'wipe' }, '操作无效'],
      [{ op: 'evict' }, '未设置存储上限'],
    ] as const)
      expect(flash(await post('admin', fields)).err).toBe(err);
    for (const role of ['moderator', 'finance'])
      expect(flash(await post(role, { op: 'revoice_chapter', chapter: String(ch[2]) }))).toMatchObject({
        path: '/admin',
        err: expect.stringMatching(/无权/),
      });
    expect(await versions(ch[2]!)).toHaveLength(1);
    expect(await audits('audio.revoice')).toHaveLength(before);
  });

  it('evict now with a cap set: audited with before and after', async () => {
    freshStorage();
    resetAudioCapState();
    await storeFake(ch[3]!, 2 * 1024 * 1024);
    process.env.AUDIO_STORAGE_CAP_MB = '1';
    try {
      expect(flash(await post('editor', { op: 'evict' })).ok).toBe('已清理 1 章音频');
    } finally {
      delete process.env.AUDIO_STORAGE_CAP_MB;
    }
    expect((await audits('audio.evict'))[0]).toMatchObject({
      detail: { cap: 1024 * 1024, before: 2 * 1024 * 1024, after: 0, chapters: 1 },
    });
  });
});
