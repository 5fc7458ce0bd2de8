import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { asc, eq } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { peerHeaders } from './peer';
import { callRoute } from './route';
import { signedInMember } from './members';
import { getDb } from '@/lib/server/db/client';
import { authors, categories, chapters, importDrafts, novels } from '@/lib/server/db/schema';
import { FsAudioStorage, audioStorage, setAudioStorage } from '@/lib/server/audio/storage';
import { aheadIdle, aheadWaiting, synthesizeAhead } from '@/lib/server/audio/ahead';
import { chapterAudioState, jobsIdle } from '@/lib/server/audio/jobs';
import { loadAudioSource } from '@/lib/server/audio/source';
import { createImportDraft, saveImportDraft, type ImportForm } from '@/lib/server/content/import/drafts';
import { setNovelShelf } from '@/lib/server/content/edit';
import { chapterAudioStates, setNovelTts } from '@/lib/server/content/voicing';
import { revoiceNovel } from '@/lib/server/staff/listening';
import { closeEspeakEngine } from '@/lib/tts/espeak-engine';
import { POST as uploadRoute } from '@/app/admin/actions/import-upload/route';
import { GET as readRoute } from '@/app/v1/read/[id]/route';
import { POST as privateUrlRoute } from '@/app/v1/audio/articles/get_private_url/route';
import ImportPage from '@/app/admin/content/import/page';
import DraftPage from '@/app/admin/content/import/[draftId]/page';
import NovelPage from '@/app/admin/content/novels/[nid]/page';
import ChaptersPage from '@/app/admin/content/novels/[nid]/chapters/page';
import { actorOf, auditCount, auditOf, flashOf, makeNovel, novelRow, post, signInStaff, staffIds, tokens } from './content-edit-fixtures';

// A publisher's own books heard (docs/content.md "Listening", docs/listening.md "Voicing a whole book"): 听书 on by
// default at import for a language with a voice, the console's switch (roles, a language without a voice, audit),
// the published chapters queued behind listeners without duplicates, each chapter's audio state from the real
// audio, and what readers get with the switch off and on again.

// The pages render for the editor signed in below (an import draft opens only for its uploader).
const mockPageStaff = { id: 1 };
jest.mock('@/lib/server/staff/page-session', () => ({
  requireStaff: () =>
    jest
      .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
      .pageSessionAs({ id: mockPageStaff.id, username: 'ed', displayName: '编辑小王', role: 'editor' })
      .requireStaff(),
}));

process.env.LOG_LEVEL = 'error';
useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const html = (el: React.ReactElement) => renderToStaticMarkup(el).replace(/<!-- -->/g, '');

/** Filesystem storage whose scratch directories can be held shut: the job that asks for one sits "running". */
class GatedStorage extends FsAudioStorage {
  gate: Promise<void> | null = null;
  async makeScratch(): Promise<string> {
    if (this.gate) await this.gate;
    return super.makeScratch();
  }
}
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-voicing-'));
const storage = new GatedStorage(root);
let openGate: () => void = () => undefined;
const closeGate = () => {
  storage.gate = new Promise<void>((resolve) => (openGate = resolve));
};

let zhCategory = 0;
let boCategory = 0;
let ipSeq = 0;
beforeAll(async () => {
  setAudioStorage(storage);
  await signInStaff();
  mockPageStaff.id = staffIds.editor!;
  zhCategory = (await getDb().select().from(categories).where(eq(categories.languageType, 1)).limit(1))[0]!.id;
  boCategory = (await getDb().select().from(categories).where(eq(categories.languageType, 2)).limit(1))[0]!.id;
});
afterAll(async () => {
  openGate();
  storage.gate = null;
  await aheadIdle();
  await jobsIdle();
  await closeEspeakEngine();
  setAudioStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

/** Waits for something the background queue does (no fixed sleep: it looks again every few milliseconds). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const TXT = ['第一章 起程', '　　清晨，她推开了窗。', '第二章 远行', '　　船在江上走了三天。', '第三章 到岸', '　　码头上站满了人。'].join(
  '\n',
);

function importForm(over: Partial<ImportForm> = {}): ImportForm {
  return {
    title: '江上行',
    language_type: '1',
    category_id: String(zhCategory),
    tags: '',
    author: '江上作者',
    copyright_holder: '',
    editor: '',
    gender: '1',
    summary: '',
    ...over,
  };
}

function uploadRequest(fields: Partial<ImportForm>, role = 'editor') {
  const data = new FormData();
  data.set('file', new Blob([Buffer.from(TXT, 'utf8')]), 'jiang.txt');
  data.set('cover', new Blob([]), '');
  for (const [k, v] of Object.entries(importForm(fields))) if (v !== undefined) data.set(k, v);
  return new NextRequest('http://localhost/admin/actions/import-upload', {
    method: 'POST',
    body: data,
    headers: { 'sec-fetch-site': 'same-origin', cookie: `staff_token=${tokens[role]}`, ...peerHeaders(`10.61.0.${++ipSeq}`) },
  });
}
const draftIdOf = (res: Response) => Number(/\/admin\/content\/import\/(\d+)/.exec(res.headers.get('location') ?? '')?.[1]);

const chapterIdsOf = async (novelId: number) =>
  (await getDb().select({ id: chapters.id }).from(chapters).where(eq(chapters.novelId, novelId)).orderBy(asc(chapters.idx))).map(
    (r) => r.id,
  );

/** A novel of our own with short chapters (quick to voice), on shelf or off. */
async function shortNovel(title: string, n: number, opts: { languageType?: number; hasTts?: boolean; off?: boolean } = {}) {
  const languageType = opts.languageType ?? 1;
  const db = getDb();
  const [cat] = await db.select().from(categories).where(eq(categories.languageType, languageType)).limit(1);
  const [author] = await db
    .insert(authors)
    .values({ name: `${title}作者`, languageType })
    .returning();
  const [novel] = await db
    .insert(novels)
    .values({
      title,
      authorId: author!.id,
      categoryId: cat!.id,
      thumb: '/covers/1.svg',
      languageType,
      hasTts: opts.hasTts ?? false,
      isOffShelf: opts.off ?? false,
    })
    .returning();
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const [c] = await db
      .insert(chapters)
      .values({
        novelId: novel!.id,
        idx: i,
        title: `第${i}章`,
        content: `第${i}章。江水向东流。`,
        wordCount: 8,
        isFree: true,
        price: 0,
        publishedAt: new Date(Date.now() - 60_000),
      })
      .returning({ id: chapters.id });
    ids.push(c!.id);
  }
  return { id: novel!.id, chapterIds: ids };
}

const states = async (novelId: number, ids: number[]) => {
  const map = await chapterAudioStates(actorOf('editor'), novelId, ids);
  return map ? ids.map((id) => map.get(id)?.kind) : null;
};

describe('import: 听书 on by default for a language with a voice', () => {
  it('the form has the checkbox ticked, with the reason Tibetan cannot be voiced', async () => {
    const page = html(await ImportPage({ searchParams: Promise.resolve({}) }));
    const box = /<input type="checkbox"[^>]*name="tts"[^>]*\/>/.exec(page)?.[0] ?? '';
    expect(box).toContain('checked=""');
    expect(box).toContain('value="on"');
    expect(box).not.toContain('disabled');
    expect(page).toContain('听书（为章节配音，读者可以收听）');
    expect(page).toContain('藏文暂无听书语音：藏文作品不能开启听书。');
  });

  it('ticked: the draft says 听书：开启 and the saved book is voiced (audited); unticked it is not', async () => {
    const on = await uploadRoute(uploadRequest({ tts: 'on' }));
    const onDraft = draftIdOf(on);
    expect(onDraft).toBeGreaterThan(0);
    expect(html(await DraftPage({ params: Promise.resolve({ draftId: String(onDraft) }), searchParams: Promise.resolve({}) }))).toContain(
      '听书：开启',
    );
    const saved = await saveImportDraft(actorOf('editor'), onDraft);
    expect((await novelRow(saved.novelId)).hasTts).toBe(true);
    expect((await auditOf('content.import')).at(-1)!.detail).toMatchObject({ after: { hasTts: true } });

    const off = draftIdOf(await uploadRoute(uploadRequest({})));
    expect(html(await DraftPage({ params: Promise.resolve({ draftId: String(off) }), searchParams: Promise.resolve({}) }))).toContain(
      '听书：关闭',
    );
    expect((await novelRow((await saveImportDraft(actorOf('editor'), off)).novelId)).hasTts).toBe(false);
  });

  it('a Tibetan book is never voiced at import, whatever the box said', async () => {
    const draft = await createImportDraft(actorOf('editor'), {
      fileName: 'bo.txt',
      file: Buffer.from(TXT, 'utf8'),
      cover: null,
      form: importForm({ language_type: '2', category_id: String(boCategory), tts: 'on' }),
    });
    const [row] = await getDb().select().from(importDrafts).where(eq(importDrafts.id, draft.id));
    expect(row!.meta.hasTts).toBe(false);
    expect((await novelRow((await saveImportDraft(actorOf('editor'), draft.id)).novelId)).hasTts).toBe(false);
  });

  it('a voiced import put on shelf has its published chapters queued; revoicing the whole book then works', async () => {
    closeGate();
    const draft = await createImportDraft(actorOf('editor'), {
      fileName: 'jiang.txt',
      file: Buffer.from(TXT, 'utf8'),
      cover: null,
      form: importForm({ title: '江上行·二', tts: 'on' }),
    });
    const { novelId } = await saveImportDraft(actorOf('editor'), draft.id);
    const ids = await chapterIdsOf(novelId);
    // Off shelf nothing is voiced, and the whole book cannot be revoiced.
    await expect(revoiceNovel(actorOf('editor'), novelId)).rejects.toThrow('已下架作品不合成');
    expect(aheadWaiting()).not.toContain(ids[1]);
    await setNovelShelf(actorOf('editor'), novelId, false);
    // The first chapter is taken at once (held at the gate); the others wait in reading order.
    expect(aheadWaiting().filter((id) => ids.includes(id))).toEqual(ids.slice(1));
    await until(async () => (await states(novelId, ids))![0] === 'voicing', 'the first chapter to start');
    expect(await states(novelId, ids)).toEqual(['voicing', 'queued', 'queued']);
    openGate();
    storage.gate = null;
    await aheadIdle();
    await jobsIdle();
    const voiced = await chapterAudioStates(actorOf('editor'), novelId, ids);
    for (const id of ids) expect(voiced!.get(id)).toEqual({ kind: 'voiced', seconds: expect.any(Number) });
    expect(voiced!.get(ids[0]!)!.seconds).toBeGreaterThan(0.5);
    // The listening console's 重新配音整本 works for it now.
    expect(await revoiceNovel(actorOf('editor'), novelId)).toEqual({ queued: 3, skipped: 0 });
    await aheadIdle();
    await jobsIdle();
  }, 120_000);
});

describe('the 听书 switch', () => {
  it('is refused to roles without content, writing nothing; bad input and a missing novel are refused in Chinese', async () => {
    const book = await makeNovel(3, '开关之书');
    const audits = await auditCount();
    for (const role of ['moderator', 'finance'])
      expect(flashOf(await post({ op: 'tts', id: String(book.id), on: '1' }, role))).toBe('/admin 当前角色无权进行此操作');
    await expect(setNovelTts(actorOf('moderator'), book.id, true)).rejects.toMatchObject({ status: 403 });
    await expect(chapterAudioStates(actorOf('finance'), book.id, book.chapterIds)).rejects.toMatchObject({ status: 403 });
    expect(flashOf(await post({ op: 'tts', id: String(book.id), on: 'yes' }))).toBe('/admin/content/novels 操作无效');
    expect(flashOf(await post({ op: 'tts', id: 'abc', on: '1' }))).toContain('编号无效');
    expect(flashOf(await post({ op: 'tts', id: '99999', on: '1' }))).toBe('/admin/content/novels 小说不存在');
    expect((await novelRow(book.id)).hasTts).toBe(false);
    expect(await auditCount()).toBe(audits);
  });

  it('cannot switch a Tibetan book on (400 with the reason); its page says why and shows no states', async () => {
    const bo = await shortNovel('藏文之书', 2, { languageType: 2 });
    await expect(setNovelTts(actorOf('editor'), bo.id, true)).rejects.toMatchObject({
      status: 400,
      message: '藏语暂无听书语音，不能开启听书',
    });
    expect(flashOf(await post({ op: 'tts', id: String(bo.id), on: '1' }))).toBe('/admin/content/novels 藏语暂无听书语音，不能开启听书');
    expect((await novelRow(bo.id)).hasTts).toBe(false);
    expect(await chapterAudioStates(actorOf('editor'), bo.id, bo.chapterIds)).toBeNull();
    const page = html(await NovelPage({ params: Promise.resolve({ nid: String(bo.id) }), searchParams: Promise.resolve({}) }));
    expect(page).toContain('藏语暂无听书语音，不能开启听书。');
    expect(page).toMatch(/<button type="submit" disabled="">开启听书<\/button>/);
    expect(page).toContain('无语音');
  });

  it('a language changed to one without a voice takes 听书 off with it (audited)', async () => {
    const book = await shortNovel('改语言之书', 1, { hasTts: true });
    const row = await novelRow(book.id);
    await post({
      op: 'meta',
      id: String(book.id),
      title: row.title,
      author: '改语言之书作者',
      category_id: String(boCategory),
      language_type: '2',
      gender: '1',
      status: '0',
    });
    expect(await novelRow(book.id)).toMatchObject({ languageType: 2, hasTts: false });
    expect((await auditOf('novel.update')).at(-1)!.detail).toMatchObject({ before: { hasTts: true }, after: { hasTts: false } });
  });

  it('on: the published chapters queue behind listeners, once however often it is toggled; off: they leave the queue', async () => {
    closeGate();
    const book = await shortNovel('江心之书', 4);
    // Another book's chapter is being voiced at the gate, so the queue stands still while we look at it.
    const holder = await shortNovel('占位之书', 1, { hasTts: true });
    synthesizeAhead(holder.chapterIds[0]!);
    await until(async () => (await states(holder.id, holder.chapterIds))![0] === 'voicing', 'the holder to start');

    expect(await states(book.id, book.chapterIds)).toEqual(['none', 'none', 'none', 'none']);
    expect(flashOf(await post({ op: 'tts', id: String(book.id), on: '1' }))).toBe(
      '/admin/content/novels 《江心之书》已开启听书，4 章排队配音（已配音的跳过）',
    );
    expect((await auditOf('novel.tts')).at(-1)).toMatchObject({
      staffId: staffIds.editor,
      targetType: 'novel',
      targetId: book.id,
      detail: { before: { hasTts: false }, after: { hasTts: true } },
    });
    expect(await states(book.id, book.chapterIds)).toEqual(['queued', 'queued', 'queued', 'queued']);

    // A listener's chapter made ahead (the next one of a chapter being heard) goes before the whole book.
    const listened = await shortNovel('听众之书', 2, { hasTts: true });
    synthesizeAhead(listened.chapterIds[1]!);
    expect(aheadWaiting()).toEqual([listened.chapterIds[1], ...book.chapterIds]);
    // And a chapter of the book a listener reaches moves up, once.
    synthesizeAhead(book.chapterIds[3]!);
    expect(aheadWaiting()).toEqual([listened.chapterIds[1], book.chapterIds[3], ...book.chapterIds.slice(0, 3)]);

    // Toggled again and again: never queued twice; the same state asked again writes nothing.
    for (let i = 0; i < 4; i++) {
      await setNovelTts(actorOf('editor'), book.id, false);
      await setNovelTts(actorOf('admin'), book.id, true);
    }
    const audits = await auditCount();
    expect(await setNovelTts(actorOf('editor'), book.id, true)).toMatchObject({ changed: false, queued: 0 });
    expect(await auditCount()).toBe(audits);
    const waiting = aheadWaiting();
    expect(waiting.length).toBe(new Set(waiting).size);
    expect(waiting.filter((id) => book.chapterIds.includes(id)).sort()).toEqual([...book.chapterIds].sort());

    // Off: the book's chapters leave the backlog (one a listener asked for ahead stays, and is skipped: no voice).
    expect(flashOf(await post({ op: 'tts', id: String(book.id), on: '0' }))).toBe(
      '/admin/content/novels 《江心之书》已关闭听书，已合成的音频保留',
    );
    expect(aheadWaiting()).toEqual([listened.chapterIds[1], book.chapterIds[3]]);

    // Off shelf, switching on queues nothing until the book is put on.
    await setNovelShelf(actorOf('editor'), book.id, true);
    expect(flashOf(await post({ op: 'tts', id: String(book.id), on: '1' }))).toBe(
      '/admin/content/novels 《江心之书》已开启听书，上架后开始配音',
    );
    expect(aheadWaiting()).toEqual([listened.chapterIds[1], book.chapterIds[3]]);
    await setNovelShelf(actorOf('editor'), book.id, false);
    expect(aheadWaiting()).toEqual([listened.chapterIds[1], book.chapterIds[3], ...book.chapterIds.slice(0, 3)]);

    openGate();
    storage.gate = null;
    await aheadIdle();
    await jobsIdle();
    expect(await states(book.id, book.chapterIds)).toEqual(['voiced', 'voiced', 'voiced', 'voiced']);
  }, 120_000);

  it('off: readers are no longer offered listening, the audio is kept; on again: it plays at once', async () => {
    const book = await shortNovel('留声之书', 2, { hasTts: true });
    const [first] = book.chapterIds;
    const source = (await loadAudioSource(first!))!;
    const member = await signedInMember();
    const read = async () =>
      (await callRoute(readRoute, { url: `/v1/read/${first}`, params: { id: String(first) }, headers: member.auth })) as {
        body: Any;
      };
    const sign = async () =>
      (await callRoute(privateUrlRoute, {
        method: 'POST',
        url: '/v1/audio/articles/get_private_url',
        body: { base_url: `/audio/${first}/index.m3u8` },
        headers: { host: 'localhost', ...member.auth },
      })) as { status: number; body: Any };
    expect((await sign()).status).toBe(200);
    await until(async () => Boolean((await chapterAudioState(source.key!))?.complete), 'the chapter to be voiced');
    await jobsIdle();

    await post({ op: 'tts', id: String(book.id), on: '0' });
    expect((await read()).body.data).toMatchObject({ m3u8_url: null, novel: { has_tts: false } });
    expect(await sign()).toMatchObject({ status: 400, body: { message: '本书暂不支持听书' } });
    // Kept: the page still shows it voiced, and the files are there.
    expect((await chapterAudioStates(actorOf('editor'), book.id, [first!]))!.get(first!)).toMatchObject({ kind: 'voiced' });
    expect(await audioStorage().list(`chapters/${first}`)).toEqual([source.key]);
    const page = html(await NovelPage({ params: Promise.resolve({ nid: String(book.id) }), searchParams: Promise.resolve({}) }));
    expect(page).toContain('听书：关闭');
    expect(page).toMatch(/<input type="hidden" name="on" value="1"\/><button type="submit">开启听书<\/button>/);

    await post({ op: 'tts', id: String(book.id), on: '1' });
    const again = (await read()).body.data;
    expect(again).toMatchObject({ m3u8_url: `/audio/${first}/index.m3u8`, novel: { has_tts: true } });
    expect(again.time_track.length).toBeGreaterThan(0);
    expect((await sign()).status).toBe(200);
    await aheadIdle();
    await jobsIdle();
  }, 120_000);

  it('the edit page and the chapter list show each chapter’s state with its length', async () => {
    const book = await shortNovel('状态之书', 2, { hasTts: true });
    const source = (await loadAudioSource(book.chapterIds[0]!))!;
    synthesizeAhead(book.chapterIds[0]!);
    await aheadIdle();
    await jobsIdle();
    const duration = (await chapterAudioState(source.key!))!.duration!;
    const clock = `${Math.floor(duration / 60)}:${String(Math.floor(duration % 60)).padStart(2, '0')}`;
    const page = html(await NovelPage({ params: Promise.resolve({ nid: String(book.id) }), searchParams: Promise.resolve({}) }));
    expect(page).toContain('听书：开启');
    expect(page).toContain('关闭听书');
    expect(page).toContain(`data-audio="voiced">已配音 ${clock}</span>`);
    expect(page).toContain('data-audio="none">未配音</span>');
    const list = html(await ChaptersPage({ params: Promise.resolve({ nid: String(book.id) }), searchParams: Promise.resolve({}) }));
    expect(list).toContain('<th scope="col">配音</th>');
    expect(list).toContain(`data-audio="voiced">已配音 ${clock}</span>`);
  }, 60_000);
});
