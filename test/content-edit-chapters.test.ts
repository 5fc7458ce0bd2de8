import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { asc, eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { callRoute } from '@/test/route';
import { signedInMember } from '@/test/members';
import { getDb, type Tx } from '@/lib/server/db/client';
import { chapters, novels } from '@/lib/server/db/schema';
import { createChapter, scheduleChapter } from '@/lib/server/content/edit';
import { publishDueChapters } from '@/lib/server/content/jobs';
import { loadAudioSource } from '@/lib/server/audio/source';
import { FsAudioStorage, setAudioStorage } from '@/lib/server/audio/storage';
import { credit } from '@/lib/server/wallet/credit';
import { GET as catalogRoute } from '@/app/v1/novels/[nid]/catalog/route';
import { GET as readRoute } from '@/app/v1/read/[id]/route';
import { POST as buyRoute } from '@/app/v1/novels/[nid]/buy/route';
import { GET as favoritesList, POST as favoritePost } from '@/app/v1/favorites/route';
import { POST as readLogPost } from '@/app/v1/my/readlogs/route';
import ChapterPage from '@/app/admin/content/chapters/[cid]/page';
import { actorOf, auditOf, chapterRow, flashOf, makeNovel, novelRow, post, signInStaff } from './content-edit-fixtures';

// Chapters (docs/content.md "Editing", "Scheduled chapters"): text edits re-voice and drop caches; new chapters
// at the end; a scheduled chapter is nowhere for readers until its time, and the job publishes it once.
jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'ed', displayName: '编辑小王', role: 'editor' }),
);
const mockInvalidated: string[] = [];
jest.mock('@/lib/server/core/cache', () => {
  const actual = jest.requireActual('@/lib/server/core/cache');
  return { ...actual, invalidateNow: (...tags: string[]) => mockInvalidated.push(...tags) };
});

useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shusheng-content-'));
let book: { id: number; chapterIds: number[] };
beforeAll(async () => {
  setAudioStorage(new FsAudioStorage(root));
  await signInStaff();
  book = await makeNovel(5, '定时之书');
  await getDb().update(novels).set({ isOffShelf: false }).where(eq(novels.id, book.id));
});
afterAll(() => {
  setAudioStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

const read = (id: number, auth: Record<string, string> = {}) =>
  callRoute(readRoute, { url: `/v1/read/${id}`, params: { id: String(id) }, headers: auth }) as Promise<Any>;
const catalog = async (id: number) =>
  ((await callRoute(catalogRoute, { url: `/v1/novels/${id}/catalog?limit=100`, params: { nid: String(id) } })) as Any).body.data;
const shanghai = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

it('edits a chapter: text, title, price; words follow; old audio removed; caches dropped; audited before/after', async () => {
  const id = book.chapterIds[1]!;
  const old = (await loadAudioSource(id))!;
  const oldKey = `chapters/${id}/0123456789abcdef0123456789abcdef`;
  fs.mkdirSync(path.join(root, oldKey), { recursive: true });
  fs.writeFileSync(path.join(root, oldKey, 'index.m3u8'), '#EXTM3U');
  mockInvalidated.length = 0;
  const before = await novelRow(book.id);
  const res = await post(
    { op: 'chapter', id: String(id), title: '第2章 改写', content: '全新的第一段。\r\n\r\n全新的第二段，更长一些。', price: '12' },
    'editor',
    `/admin/content/chapters/${id}`,
  );
  expect(flashOf(res)).toBe(`/admin/content/chapters/${id} 已保存章节「第2章 改写」`);
  const row = await chapterRow(id);
  expect(row).toMatchObject({ title: '第2章 改写', isFree: false, price: 12, content: '全新的第一段。\n\n全新的第二段，更长一些。' });
  expect(row.wordCount).toBe('全新的第一段。全新的第二段，更长一些。'.length);
  expect((await novelRow(book.id)).wordCount).toBe(before.wordCount - 10 + row.wordCount);
  expect(mockInvalidated).toEqual(expect.arrayContaining([`novel:${book.id}`, `chapter:${id}`]));
  // The audio made from the old text is gone, and what would be served now hashes the new text.
  for (let i = 0; i < 50 && fs.existsSync(path.join(root, oldKey)); i++) await new Promise((r) => setTimeout(r, 20));
  expect(fs.existsSync(path.join(root, oldKey))).toBe(false);
  expect((await loadAudioSource(id))!.paragraphs).toEqual(['全新的第一段。', '全新的第二段，更长一些。']);
  expect((await loadAudioSource(id))!.paragraphs).not.toEqual(old.paragraphs);
  const [audit] = await auditOf('chapter.update');
  expect(audit).toMatchObject({ targetType: 'chapter', targetId: id });
  expect(audit!.detail).toMatchObject({
    before: { title: '第2章 开篇', content: '第2章的正文。\n第二段。', price: 10 },
    after: { title: '第2章 改写', price: 12 },
  });
  // Bad input: nothing written.
  for (const [fields, message] of [
    [{ title: '', content: 'x', free: 'on' }, '章节标题'],
    [{ title: 't', content: '   ', free: 'on' }, '正文不能为空'],
    [{ title: 't', content: 'x', price: '5000' }, '每章价格'],
  ] as const)
    expect(flashOf(await post({ op: 'chapter', id: String(id), ...fields }))).toContain(message);
  expect(flashOf(await post({ op: 'chapter', id: '99999999', title: 't', content: 'x', free: 'on' }))).toContain('章节不存在');
  expect(await auditOf('chapter.update')).toHaveLength(1);
  const page = renderToStaticMarkup(await ChapterPage({ params: Promise.resolve({ cid: String(id) }), searchParams: Promise.resolve({}) }));
  expect(page).toContain('全新的第一段。');
  expect(page).not.toContain('data-testid="schedule-form"');
});

it('adds a chapter at the end, published now: counts and latest chapter follow', async () => {
  const res = await post({ op: 'create', id: String(book.id), title: '第6章 新来的', content: '新章节正文。', free: 'on' });
  expect(flashOf(res)).toContain('已新增章节「第6章 新来的」');
  const [row] = await getDb().select().from(chapters).where(eq(chapters.title, '第6章 新来的'));
  expect(row).toMatchObject({ idx: 6, isFree: true, price: 0, scheduled: false });
  expect(await novelRow(book.id)).toMatchObject({ articleCount: 6, latestArticleId: row!.id });
  expect((await auditOf('chapter.create'))[0]!.detail).toMatchObject({ after: { idx: 6, title: '第6章 新来的', contentLength: 6 } });
  expect((await read(row!.id)).body.data).toMatchObject({ idx: 6, access: 'free' });
});

it('a scheduled chapter is nowhere for readers before its time; the job at an injected time publishes it once', async () => {
  const m = await signedInMember();
  await getDb().transaction((tx) => credit(tx as unknown as Tx, m.id, { kind: 'test_grant', source: 'bonus', welth: 100 }));
  await callRoute(favoritePost, { method: 'POST', url: '/v1/favorites', body: { nid: book.id, read_type: 1 }, headers: m.auth });
  await callRoute(readLogPost, {
    method: 'POST',
    url: '/v1/my/readlogs',
    body: { article_id: book.chapterIds[0], read_type: 1 },
    headers: m.auth,
  });
  const shelfCount = async () =>
    (((await callRoute(favoritesList, { url: '/v1/favorites?read_type=1', headers: m.auth })).body.data as Any).data as Any[]).find(
      (f) => f.id === book.id,
    )!.updateCount;
  expect(await shelfCount()).toBe(0);

  const at = new Date(Date.now() + 3600_000);
  at.setSeconds(0, 0);
  expect(
    flashOf(
      await post({ op: 'create', id: String(book.id), title: '第7章 定时', content: '到点才见。', price: '8', publish_at: shanghai(at) }),
    ),
  ).toContain('已新增章节「第7章 定时」');
  const [row] = await getDb().select().from(chapters).where(eq(chapters.title, '第7章 定时'));
  expect(row).toMatchObject({ idx: 7, scheduled: true });
  expect(row!.publishedAt.toISOString()).toBe(at.toISOString());
  expect((await auditOf('chapter.schedule')).at(-1)).toMatchObject({ targetId: row!.id });
  expect(await novelRow(book.id)).toMatchObject({ articleCount: 6 });

  // Invisible: catalogue, count, neighbour links, the chapter itself, buying it, its audio, a read log.
  const cat = await catalog(book.id);
  expect(cat.total).toBe(6);
  expect(cat.data.map((c: Any) => c.idx)).toEqual([1, 2, 3, 4, 5, 6]);
  expect((await read(row!.id)).status).toBe(404);
  expect((await read((await novelRow(book.id)).latestArticleId!)).body.data.next_id).toBe(0);
  const buy = (await callRoute(buyRoute, {
    method: 'POST',
    url: `/v1/novels/${book.id}/buy`,
    params: { nid: String(book.id) },
    body: { aid: row!.id },
    headers: m.auth,
  })) as Any;
  expect(buy.status).toBe(404);
  expect(await loadAudioSource(row!.id)).toBeNull();
  expect(
    (await callRoute(readLogPost, { method: 'POST', url: '/v1/my/readlogs', body: { article_id: row!.id, read_type: 1 }, headers: m.auth }))
      .status,
  ).toBe(404);

  // The job before its time: nothing. After: published once, with counts, and the shelf shows one new chapter.
  expect(await publishDueChapters(new Date(at.getTime() - 60_000))).toEqual({ chapterIds: [], novelIds: [] });
  expect((await chapterRow(row!.id)).scheduled).toBe(true);
  const runs = await Promise.all([publishDueChapters(new Date(at.getTime() + 1000)), publishDueChapters(new Date(at.getTime() + 1000))]);
  expect(runs.flatMap((r) => r.chapterIds)).toEqual([row!.id]);
  expect((await chapterRow(row!.id)).scheduled).toBe(false);
  expect(await novelRow(book.id)).toMatchObject({ articleCount: 7, latestArticleId: row!.id });
  const published = await auditOf('chapter.publish');
  expect(published).toHaveLength(1);
  expect(published[0]).toMatchObject({ staffId: null, targetId: row!.id, detail: { via: 'job', novelId: book.id } });
  // The reader last saw 6 chapters; the novel now has 7.
  expect(await shelfCount()).toBe(1);
  expect(await publishDueChapters(new Date(at.getTime() + 120_000))).toEqual({ chapterIds: [], novelIds: [] });
  // The injected hour passes for real too, so the next tests' counts by the real clock include it.
  await getDb()
    .update(chapters)
    .set({ publishedAt: new Date(Date.now() - 60_000) })
    .where(eq(chapters.id, row!.id));
});

it('becomes visible to readers when its time passes', async () => {
  const now = new Date();
  await createChapter(
    actorOf('editor'),
    book.id,
    { title: '第8章 很快', content: '两秒后可见。', free: true, price: 0, publishAt: new Date(now.getTime() + 1500) },
    now,
  );
  const [row] = await getDb().select().from(chapters).where(eq(chapters.title, '第8章 很快'));
  expect((await read(row!.id)).status).toBe(404);
  expect((await catalog(book.id)).data.map((c: Any) => c.idx)).not.toContain(8);
  // Its time passes. The reader's route and the job compare the publish time with the process clock, the catalogue
  // with the database's: rather than wait 1.5 s for both, the publish time is moved 1.6 s back, past on either clock.
  const due = new Date(row!.publishedAt.getTime() - 1600);
  await getDb().update(chapters).set({ publishedAt: due }).where(eq(chapters.id, row!.id));
  expect(due.getTime()).toBeLessThan(Date.now());
  expect((await read(row!.id)).body.data).toMatchObject({ idx: 8, access: 'free', paragraphs: ['两秒后可见。'] });
  expect((await catalog(book.id)).data.map((c: Any) => c.idx)).toContain(8);
  expect((await publishDueChapters()).chapterIds).toEqual([row!.id]);
  expect(await novelRow(book.id)).toMatchObject({ articleCount: 8, latestArticleId: row!.id });
});

it('moves or publishes a scheduled chapter now; a published chapter cannot be scheduled; bad times refused', async () => {
  const at = new Date(Date.now() + 7200_000);
  at.setSeconds(0, 0);
  await createChapter(actorOf('admin'), book.id, { title: '第9章 待定', content: '待定。', free: true, price: 0, publishAt: at });
  const [row] = await getDb().select().from(chapters).where(eq(chapters.title, '第9章 待定'));
  const page = renderToStaticMarkup(
    await ChapterPage({ params: Promise.resolve({ cid: String(row!.id) }), searchParams: Promise.resolve({}) }),
  );
  expect(page).toContain('data-testid="schedule-form"');
  const later = new Date(at.getTime() + 86_400_000);
  expect(flashOf(await post({ op: 'schedule', id: String(row!.id), publish_at: shanghai(later) }))).toContain(
    '已设置「第9章 待定」的发布时间',
  );
  expect((await chapterRow(row!.id)).publishedAt.toISOString()).toBe(later.toISOString());
  expect((await auditOf('chapter.schedule')).at(-1)!.detail).toMatchObject({
    before: { publishedAt: at.toISOString() },
    after: { publishedAt: later.toISOString() },
  });
  expect(flashOf(await post({ op: 'schedule', id: String(row!.id), publish_at: '2020-01-01 00:00' }))).toContain('须晚于现在');
  expect(flashOf(await post({ op: 'schedule', id: String(row!.id), publish_at: 'tomorrow' }))).toContain('时间格式');
  expect(flashOf(await post({ op: 'schedule', id: String(row!.id), publish_at: '' }))).toContain('已设置「第9章 待定」的发布时间');
  expect(await chapterRow(row!.id)).toMatchObject({ scheduled: false });
  expect((await auditOf('chapter.publish')).at(-1)).toMatchObject({ targetId: row!.id, detail: { via: 'console' } });
  expect(await novelRow(book.id)).toMatchObject({ articleCount: 9, latestArticleId: row!.id });
  expect(flashOf(await post({ op: 'schedule', id: String(book.chapterIds[0]), publish_at: shanghai(later) }))).toContain(
    '已发布的章节不能改为定时发布',
  );
  await expect(scheduleChapter(actorOf('moderator'), row!.id, null)).rejects.toThrow();
  const order = await getDb().select({ idx: chapters.idx }).from(chapters).where(eq(chapters.novelId, book.id)).orderBy(asc(chapters.idx));
  expect(order.map((r) => r.idx)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
});
