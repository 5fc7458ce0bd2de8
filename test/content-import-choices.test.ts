import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { and, asc, count, eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { peerHeaders } from '@/test/peer';
import { AMBIGUOUS_BYTES, metaEpub, pngHeader, randomHighBytes, TRADITIONAL_NOVEL, xhtmlPage } from '@/test/import-fixtures';
import { getDb } from '@/lib/server/db/client';
import { importDraftChapters, importDrafts, importPending, staffAuditLog, categories } from '@/lib/server/db/schema';
import { FsAudioStorage, setAudioStorage, audioStorage } from '@/lib/server/audio/storage';
import { can } from '@/lib/server/core/roles';
import type { StaffActor } from '@/lib/server/core/actor';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { createImportDraft, editImportDraft, saveImportDraft, viewImportDraft, type ImportForm } from '@/lib/server/content/import/drafts';
import { holdForEncoding, MAX_PENDING_PER_STAFF, PENDING_TTL_MS, viewPending } from '@/lib/server/content/import/pending';
import { parseEpub } from '@/lib/server/content/import/epub';
import { MAX_SINGLE_CHAPTER } from '@/lib/server/content/import/text-split.mjs';
import { decodeText, previewLines } from '@/lib/server/content/import/decode';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { POST as uploadRoute } from '@/app/admin/actions/import-upload/route';
import { POST as draftRoute } from '@/app/admin/actions/import-draft/route';
import DraftPage from '@/app/admin/content/import/[draftId]/page';
import EncodingPage from '@/app/admin/content/import/encoding/[pendingId]/page';

// Two choices the import leaves to the editor (docs/content.md "EPUB", "Encodings"): taking a skipped EPUB page back
// in as a chapter, and picking the encoding of a TXT the decoder cannot decide. Both through the console's form
// posts, with their abuse: replays, another's draft or upload, bogus numbers, forged values, wrong roles, no session,
// a cross-site post.

const pageStaff: { current: { id: number; role: string } } = { current: { id: 0, role: 'editor' } };
jest.mock('@/lib/server/staff/page-session', () => ({
  requireStaff: async () => ({
    id: pageStaff.current.id,
    username: 'ed',
    displayName: '编辑小王',
    role: pageStaff.current.role,
    actor: { id: pageStaff.current.id, role: pageStaff.current.role, ip: '' },
    can: (p: Parameters<typeof can>[1]) => can(pageStaff.current.role, p),
  }),
}));

useTestDatabase({ seed: true });
const d = () => getDb();
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const actor = (name: string): StaffActor => ({ id: ids[name]!, role: name.replace(/\d+$/, ''), ip: '10.0.0.1' });
let zhCategory = 0;
let ugCategory = 0;
let storageDir = '';
let ipSeq = 0;

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-choices-'));
  setAudioStorage(new FsAudioStorage(storageDir));
  for (const name of ['editor1', 'editor2', 'moderator1']) {
    const role = name.replace(/\d+$/, '') as 'editor';
    ids[name] = await createStaffFromCommand(d(), { username: name, role, password: `${name}-password-1` });
    tokens[name] = (await staffSignIn({ username: name, password: `${name}-password-1`, ip: '10.0.0.9' })).session.token;
  }
  zhCategory = (await d().select().from(categories).where(eq(categories.languageType, 1)).limit(1))[0]!.id;
  ugCategory = (await d().select().from(categories).where(eq(categories.languageType, 0)).limit(1))[0]!.id;
});
afterAll(() => {
  setAudioStorage(undefined);
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const form = (over: Partial<ImportForm> = {}): ImportForm => ({
  title: '山海行',
  language_type: '1',
  category_id: String(zhCategory),
  tags: '仙侠，热血',
  author: '青山导入',
  copyright_holder: '书声文学',
  editor: '小王',
  gender: '1',
  summary: '',
  ...over,
});

const headers = (who: string | null, extra: Record<string, string> = {}) => ({
  'sec-fetch-site': 'same-origin',
  ...(who ? { cookie: `staff_token=${tokens[who]}` } : {}),
  ...peerHeaders(`10.33.0.${++ipSeq}`),
  ...extra,
});

function uploadRequest(who: string, file: Buffer, name: string, fields: Partial<ImportForm> = {}, cover?: Buffer) {
  const data = new FormData();
  data.set('file', new Blob([new Uint8Array(file)]), name);
  if (cover) data.set('cover', new Blob([new Uint8Array(cover)]), 'cover.png');
  else data.set('cover', new Blob([]), '');
  for (const [k, v] of Object.entries(form(fields))) data.set(k, v);
  return new NextRequest('http://localhost/admin/actions/import-upload', { method: 'POST', body: data, headers: headers(who) });
}

const draftPost = (who: string | null, fields: Record<string, string>, extra: Record<string, string> = {}) =>
  draftRoute(
    new NextRequest('http://localhost/admin/actions/import-draft', {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: headers(who, { 'content-type': 'application/x-www-form-urlencoded', ...extra }),
    }),
  );

const flashOf = (res: Response) => {
  const back = new URL(res.headers.get('location') ?? 'http://x/');
  return `${back.pathname} ${back.searchParams.get('ok') ?? ''}${back.searchParams.get('err') ?? ''}`;
};

const titlesOf = async (draftId: number) =>
  (
    await d()
      .select({ title: importDraftChapters.title, position: importDraftChapters.position })
      .from(importDraftChapters)
      .where(eq(importDraftChapters.draftId, draftId))
      .orderBy(asc(importDraftChapters.position))
  ).map((c) => c.title);
const editAudits = async (draftId: number) =>
  (
    await d()
      .select({ n: count() })
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'content.import_edit'), eq(staffAuditLog.targetId, draftId)))
  )[0]!.n;
const draftCount = async () => (await d().select({ n: count() }).from(importDrafts))[0]!.n;
const pendingRows = (staff: string) =>
  d().select().from(importPending).where(eq(importPending.staffId, ids[staff]!)).orderBy(asc(importPending.id));

// ---------------------------------------------------------------------------------------------------------------
// Skipped pages

const page = (name: string, title: string, body: string): [string, string] => [`OEBPS/Text/${name}.xhtml`, xhtmlPage(title, body)];
const item = (name: string) => `<item id="${name}" href="Text/${name}.xhtml" media-type="application/xhtml+xml"/>`;
const AD_TEXT = '更多好书，请关注书声文学的新书推荐栏目，每周更新。';

/**
 * Spine: cover (the guide's cover page), title page (short, not in the TOC), 第一章, 第二章, an advert (non-linear),
 * 第三章 (not in the TOC, text of its own): three pages skipped, two before the first chapter, one between 2 and 3.
 */
function bookWithMatter(): Buffer {
  return metaEpub({
    manifest: ['cover', 'title', 'ad', 'c3'].map(item).join(''),
    spineBefore: '<itemref idref="cover"/><itemref idref="title"/>',
    spineAfter: '<itemref idref="ad" linear="no"/><itemref idref="c3"/>',
    guide: '<reference type="cover" title="封面" href="Text/cover.xhtml"/>',
    files: Object.fromEntries([
      page('cover', '封面', '<p>封面</p>'),
      page('title', '山海行', '<h1>山海行</h1>'),
      page('ad', '更多好书', `<h2>更多好书</h2><p>${AD_TEXT}</p>`),
      page('c3', '第三章 别离', '<h2>第三章 别离</h2><p>“再会。”他说完，转身走进了山里的雾中。</p>'),
    ]),
  });
}

async function epubDraft(who = 'editor1') {
  return (await createImportDraft(actor(who), { fileName: 'book.epub', file: bookWithMatter(), cover: null, form: form() })).id;
}

describe('skipped pages', () => {
  it('keeps the skipped pages with their text and place in the spine', async () => {
    const book = await parseEpub(bookWithMatter());
    expect(book.chapters.map((c) => c.title)).toEqual(['第一章 出发', '第二章 相遇', '第三章 别离']);
    expect(book.skipped).toEqual([
      { title: '封面', content: '', at: 0 },
      { title: '山海行', content: '', at: 0 },
      { title: '更多好书', content: AD_TEXT, at: 2 },
    ]);
    const draftId = await epubDraft();
    const view = await viewImportDraft(actor('editor1'), draftId);
    expect(view.skipped).toEqual([
      { idx: 0, title: '封面', firstLine: '' },
      { idx: 1, title: '山海行', firstLine: '' },
      { idx: 2, title: '更多好书', firstLine: AD_TEXT },
    ]);
    // Newer drafts keep the pages in their own table, not as titles in the metadata.
    expect(view.draft.meta.skipped).toBeUndefined();
  });

  it('holds a skipped page to what one chapter may hold', async () => {
    const long = Array.from({ length: 3000 }, (_, i) => `<p>${'广告'.repeat(40)}${i}</p>`).join('');
    const book = await parseEpub(
      metaEpub({
        manifest: item('ad'),
        spineAfter: '<itemref idref="ad" linear="no"/>',
        files: Object.fromEntries([page('ad', '附录', `<h2>附录</h2>${long}`)]),
      }),
    );
    expect(book.skipped).toHaveLength(1);
    expect(book.skipped[0]!.content.length).toBeLessThanOrEqual(MAX_SINGLE_CHAPTER);
    expect(book.skipped[0]!.content.length).toBeGreaterThan(MAX_SINGLE_CHAPTER - 100);
    // Cut at a line end: every kept line is whole.
    expect(book.skipped[0]!.content.split('\n').every((l) => /^(广告){40}\d+$/.test(l))).toBe(true);
  });

  it('收回为章节 puts the page back where it sat, no longer skipped, audited; a replay adds nothing', async () => {
    const draftId = await epubDraft();
    const back = `/admin/content/import/${draftId}`;
    const restore = (idx: number, who = 'editor1') => draftPost(who, { op: 'restore', draft: String(draftId), skipped: String(idx), back });

    expect(flashOf(await restore(2))).toBe(`${back} ${T.restored}`);
    expect(await titlesOf(draftId)).toEqual(['第一章 出发', '第二章 相遇', '更多好书', '第三章 别离']);
    const chapters = await d().select().from(importDraftChapters).where(eq(importDraftChapters.draftId, draftId));
    expect(chapters.find((c) => c.title === '更多好书')).toMatchObject({ content: AD_TEXT, wordCount: AD_TEXT.length });
    let view = await viewImportDraft(actor('editor1'), draftId);
    expect(view.skipped.map((s) => s.idx)).toEqual([0, 1]);
    expect(view.chapterCount).toBe(4);
    const [audit] = await d()
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, 'content.import_edit'), eq(staffAuditLog.targetId, draftId)));
    expect(audit!.detail).toEqual({ op: 'restore', position: 2, skipped: 2, before: null, after: { title: '更多好书' } });

    // Replayed: nothing added, nothing audited.
    const audits = await editAudits(draftId);
    expect(flashOf(await restore(2))).toBe(`${back} ${T.restoredAlready}`);
    expect(await titlesOf(draftId)).toEqual(['第一章 出发', '第二章 相遇', '更多好书', '第三章 别离']);
    expect(await editAudits(draftId)).toBe(audits);

    // Two pages of the same gap, taken back out of order, keep the spine's order.
    expect(flashOf(await restore(1))).toBe(`${back} ${T.restored}`);
    expect(flashOf(await restore(0))).toBe(`${back} ${T.restored}`);
    expect(await titlesOf(draftId)).toEqual(['封面', '山海行', '第一章 出发', '第二章 相遇', '更多好书', '第三章 别离']);
    view = await viewImportDraft(actor('editor1'), draftId);
    expect(view.skipped).toEqual([]);
    expect(
      (await d().select().from(importDraftChapters).where(eq(importDraftChapters.draftId, draftId))).map((c) => c.position).sort(),
    ).toEqual([0, 1, 2, 3, 4, 5]);

    // Saved, the novel has them as chapters.
    const saved = await saveImportDraft(actor('editor1'), draftId);
    expect(saved.chapters).toBe(6);
  });

  it('follows splits and merges: a page goes before the chapter that followed it, or after the one it was merged into', async () => {
    const draftId = await epubDraft();
    // Split 第二章 at its only line: the new chapter is the rest of 第二章, and the advert still comes after it.
    const second = (await d().select().from(importDraftChapters).where(eq(importDraftChapters.draftId, draftId))).find(
      (c) => c.title === '第二章 相遇',
    )!;
    await editImportDraft(actor('editor1'), draftId, { op: 'split', chapterId: second.id, line: 1 });
    // Merge 第三章 (the chapter that followed the advert) into the one before: the advert goes to the end.
    const third = (await d().select().from(importDraftChapters).where(eq(importDraftChapters.draftId, draftId))).find(
      (c) => c.title === '第三章 别离',
    )!;
    await editImportDraft(actor('editor1'), draftId, { op: 'merge', chapterId: third.id });
    expect(await titlesOf(draftId)).toEqual(['第一章 出发', '第二章 相遇', '她站在桥头。']);
    expect(flashOf(await draftPost('editor1', { op: 'restore', draft: String(draftId), skipped: '2' }))).toContain(T.restored);
    expect(await titlesOf(draftId)).toEqual(['第一章 出发', '第二章 相遇', '她站在桥头。', '更多好书']);
  });

  it('refuses a bogus number, another’s draft, other roles, no session and a cross-site post, writing nothing', async () => {
    const draftId = await epubDraft();
    const otherDraft = await epubDraft('editor2');
    const before = {
      titles: await titlesOf(draftId),
      audits: await editAudits(draftId),
      skipped: await viewImportDraft(actor('editor1'), draftId),
    };
    const back = `/admin/content/import/${draftId}`;
    const post = (fields: Record<string, string>, who: string | null = 'editor1', extra: Record<string, string> = {}) =>
      draftPost(who, { op: 'restore', draft: String(draftId), back, ...fields }, extra);
    expect(flashOf(await post({ skipped: '3' }))).toBe(`${back} ${T.skippedMissing}`);
    expect(flashOf(await post({ skipped: '999999' }))).toBe(`${back} ${T.skippedMissing}`);
    expect(flashOf(await post({ skipped: '-1' }))).toBe(`${back} ${T.skippedMissing}`);
    expect(flashOf(await post({ skipped: '1.5' }))).toBe(`${back} ${T.skippedMissing}`);
    expect(flashOf(await post({ skipped: 'abc' }))).toBe(`${back} ${T.skippedMissing}`);
    // Another editor's draft, by its id, with a number that exists there: not found.
    expect(flashOf(await post({ draft: String(otherDraft), skipped: '0' }))).toBe(`${back} ${T.draftMissing}`);
    expect(flashOf(await post({ skipped: '0' }, 'editor2'))).toBe(`${back} ${T.draftMissing}`);
    expect(flashOf(await post({ draft: '999999', skipped: '0' }))).toBe(`${back} ${T.draftMissing}`);
    // A moderator, nobody signed in, a post from another site.
    expect(flashOf(await post({ skipped: '0' }, 'moderator1'))).toBe('/admin 当前角色无权进行此操作');
    expect(flashOf(await post({ skipped: '0' }, null))).toMatch(/^\/admin\/login /);
    expect((await post({ skipped: '0' }, 'editor1', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // The console's CSRF check is the request's origin: without Sec-Fetch-Site, an Origin of another site is refused.
    const noCsrf = await draftRoute(
      new NextRequest('http://localhost/admin/actions/import-draft', {
        method: 'POST',
        body: new URLSearchParams({ op: 'restore', draft: String(draftId), skipped: '0' }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://elsewhere.example',
          cookie: `staff_token=${tokens.editor1}`,
          ...peerHeaders('10.33.1.1'),
        },
      }),
    );
    expect(noCsrf.status).toBe(403);
    expect({
      titles: await titlesOf(draftId),
      audits: await editAudits(draftId),
      skipped: await viewImportDraft(actor('editor1'), draftId),
    }).toEqual(before);
    expect(await titlesOf(otherDraft)).toEqual(['第一章 出发', '第二章 相遇', '第三章 别离']);
  });

  it('the preview offers 收回为章节 for each skipped page', async () => {
    const draftId = await epubDraft();
    pageStaff.current = { id: ids.editor1!, role: 'editor' };
    const html = renderToStaticMarkup(
      await DraftPage({ params: Promise.resolve({ draftId: String(draftId) }), searchParams: Promise.resolve({}) }),
    );
    expect(html).toContain(T.skippedLabel);
    for (const idx of [0, 1, 2]) {
      const li = html.slice(html.indexOf(`data-testid="import-skipped-${idx}"`));
      expect(li.slice(0, li.indexOf('</li>'))).toMatch(
        new RegExp(`name="op" value="restore".*name="skipped" value="${idx}".*name="draft" value="${draftId}".*${T.restoreSkipped}`),
      );
    }
    expect(html).toContain(AD_TEXT);
    await draftPost('editor1', { op: 'restore', draft: String(draftId), skipped: '1' });
    const after = renderToStaticMarkup(
      await DraftPage({ params: Promise.resolve({ draftId: String(draftId) }), searchParams: Promise.resolve({}) }),
    );
    expect(after).not.toContain('data-testid="import-skipped-1"');
    expect(after).toContain('data-testid="import-skipped-2"');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The encoding the editor picks

/** Three lines that read as common characters both in GB18030 and in Big5 (the fixture's twelve, in three lines). */
const UNSURE = Buffer.concat([
  AMBIGUOUS_BYTES.subarray(0, 8),
  Buffer.from('\n\n'),
  AMBIGUOUS_BYTES.subarray(8, 16),
  Buffer.from('\r\n'),
  AMBIGUOUS_BYTES.subarray(16),
]);
const AS_BIG5 = iconv.decode(UNSURE, 'big5');
const AS_GBK = iconv.decode(UNSURE, 'gb18030');

async function unsureUpload(who = 'editor1', fields: Partial<ImportForm> = {}, cover?: Buffer) {
  const res = await uploadRoute(
    uploadRequest(who, UNSURE, '短篇.txt', { title: '不确定', author: '某人', tags: '短篇', summary: '一句话简介', ...fields }, cover),
  );
  expect(res.status).toBe(303);
  const where = new URL(res.headers.get('location')!);
  expect(where.pathname).toMatch(/^\/admin\/content\/import\/encoding\/\d+$/);
  return Number(where.pathname.split('/').pop());
}

describe('choosing the encoding', () => {
  it('the input is one the decoder cannot decide; its first lines differ in the two encodings', () => {
    expect(() => decodeText(UNSURE)).toThrow(T.ambiguousEncoding([T.encodings.gb18030, T.encodings.big5]));
    expect(previewLines(UNSURE, 'big5')).toEqual(AS_BIG5.split(/\r?\n/).filter(Boolean));
    expect(previewLines(UNSURE, 'big5')).toHaveLength(3);
    expect(previewLines(UNSURE, 'gb18030')).not.toEqual(previewLines(UNSURE, 'big5'));
    // At most 5 lines of at most 80 characters, read from the start only.
    const many = iconv.encode(Array.from({ length: 20 }, (_, i) => `${'长'.repeat(100)}${i}`).join('\n\n'), 'gb18030');
    const lines = previewLines(many, 'gb18030');
    expect(lines).toHaveLength(5);
    expect(lines.every((l) => l === '长'.repeat(80))).toBe(true);
  });

  it('keeps the upload and the form, shows the first lines in each, and the pick imports it', async () => {
    const cover = pngHeader(300, 400);
    const drafts = await draftCount();
    const pendingId = await unsureUpload('editor1', {}, cover);
    expect(await draftCount()).toBe(drafts);
    const [row] = await d().select().from(importPending).where(eq(importPending.id, pendingId));
    expect(row).toMatchObject({ staffId: ids.editor1, fileName: '短篇.txt', bytes: UNSURE.length, hasCover: true, claimedAt: null });
    expect(row!.form).toMatchObject({ title: '不确定', author: '某人', tags: '短篇', summary: '一句话简介' });
    expect(row!.candidates.map((c) => c.encoding)).toEqual(['gb18030', 'big5']);
    expect(Buffer.from((await audioStorage().read(`imports/pending-${pendingId}`, 'file.bin'))!).equals(UNSURE)).toBe(true);

    pageStaff.current = { id: ids.editor1!, role: 'editor' };
    const html = renderToStaticMarkup(
      await EncodingPage({ params: Promise.resolve({ pendingId: String(pendingId) }), searchParams: Promise.resolve({}) }),
    );
    for (const [encoding, text] of [
      ['gb18030', AS_GBK],
      ['big5', AS_BIG5],
    ] as const) {
      const card = html.slice(html.indexOf(`data-testid="import-encoding-${encoding}"`));
      const own = card.slice(0, card.indexOf('</article>'));
      for (const line of text.split(/\r?\n/).filter(Boolean)) expect(own).toContain(`<li>${line}</li>`);
      expect(own).toContain(`name="encoding" value="${encoding}"`);
      expect(own).toContain(T.chooseEncodingUse(T.encodings[encoding]));
    }
    expect(html).toContain('短篇.txt');

    const back = `/admin/content/import/encoding/${pendingId}`;
    const res = await draftPost('editor1', { op: 'encoding', pending: String(pendingId), encoding: 'big5', back });
    const where = new URL(res.headers.get('location')!);
    expect(where.pathname).toMatch(/^\/admin\/content\/import\/\d+$/);
    const draftId = Number(where.pathname.split('/').pop());
    const view = await viewImportDraft(actor('editor1'), draftId);
    expect(view.draft).toMatchObject({
      encoding: 'big5',
      fileName: '短篇.txt',
      coverExt: 'png',
      meta: { title: '不确定', author: '某人', tags: ['短篇'], summary: '一句话简介' },
    });
    expect(view.chapters.map((c) => c.firstLine)).toEqual([AS_BIG5.split(/\r?\n/).filter(Boolean)[0]]);
    // It waits no more: row and bytes gone.
    expect(await d().select().from(importPending).where(eq(importPending.id, pendingId))).toEqual([]);
    expect(await audioStorage().read(`imports/pending-${pendingId}`, 'file.bin')).toBeNull();

    // Replayed: no second draft.
    const again = await draftPost('editor1', { op: 'encoding', pending: String(pendingId), encoding: 'big5', back });
    expect(flashOf(again)).toBe(`${back} ${T.pendingMissing}`);
    expect(await draftCount()).toBe(drafts + 1);
  });

  it('refuses a forged encoding, another’s upload, other roles, no session and a cross-site post, writing nothing', async () => {
    const pendingId = await unsureUpload('editor1');
    const back = `/admin/content/import/encoding/${pendingId}`;
    const drafts = await draftCount();
    const post = (fields: Record<string, string>, who: string | null = 'editor1', extra: Record<string, string> = {}) =>
      draftPost(who, { op: 'encoding', pending: String(pendingId), encoding: 'big5', back, ...fields }, extra);
    // Valid encodings that are not among this file's candidates, and values that are no encoding at all.
    expect(flashOf(await post({ encoding: 'utf-8' }))).toBe(`${back} ${T.badEncoding}`);
    expect(flashOf(await post({ encoding: 'utf-16le' }))).toBe(`${back} ${T.badEncoding}`);
    expect(flashOf(await post({ encoding: 'latin1' }))).toBe(`${back} ${T.badEncoding}`);
    expect(flashOf(await post({ encoding: '' }))).toBe(`${back} ${T.badEncoding}`);
    // Someone else's upload, by its id, and a made-up one.
    expect(flashOf(await post({}, 'editor2'))).toBe(`${back} ${T.pendingMissing}`);
    expect(flashOf(await post({ pending: '999999' }))).toBe(`${back} ${T.pendingMissing}`);
    expect(flashOf(await post({ pending: 'x' }))).toMatch(new RegExp(`^${back} .+`));
    expect(flashOf(await post({}, 'moderator1'))).toBe('/admin 当前角色无权进行此操作');
    expect(flashOf(await post({}, null))).toMatch(/^\/admin\/login /);
    expect((await post({}, 'editor1', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // The console's CSRF check is the request's origin: without Sec-Fetch-Site, an Origin of another site is refused.
    const noCsrf = await draftRoute(
      new NextRequest('http://localhost/admin/actions/import-draft', {
        method: 'POST',
        body: new URLSearchParams({ op: 'encoding', pending: String(pendingId), encoding: 'big5' }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://elsewhere.example',
          cookie: `staff_token=${tokens.editor1}`,
          ...peerHeaders('10.33.1.2'),
        },
      }),
    );
    expect(noCsrf.status).toBe(403);
    // An import from it already running (a double click): refused, not a second draft.
    await d().update(importPending).set({ claimedAt: new Date() }).where(eq(importPending.id, pendingId));
    expect(flashOf(await post({}))).toBe(`${back} ${T.pendingBusy}`);
    await d().update(importPending).set({ claimedAt: null }).where(eq(importPending.id, pendingId));
    expect(await draftCount()).toBe(drafts);
    expect(await d().select().from(importPending).where(eq(importPending.id, pendingId))).toHaveLength(1);
    // The other editor does not see it either.
    pageStaff.current = { id: ids.editor2!, role: 'editor' };
    const html = renderToStaticMarkup(
      await EncodingPage({ params: Promise.resolve({ pendingId: String(pendingId) }), searchParams: Promise.resolve({}) }),
    );
    expect(html).toContain(T.pendingMissing);
    expect(html).not.toContain('短篇.txt');
    // The owner still can pick.
    const res = await post({ encoding: 'gb18030' });
    expect(new URL(res.headers.get('location')!).pathname).toMatch(/^\/admin\/content\/import\/\d+$/);
    expect(await draftCount()).toBe(drafts + 1);
  });

  it('mojibake, a named encoding and a wrong form are answered at the upload, nothing kept', async () => {
    const before = (await pendingRows('editor2')).length;
    const refused = async (req: NextRequest, message: string) => {
      const res = await uploadRoute(req);
      expect(flashOf(res)).toBe(`/admin/content/import ${message}`);
    };
    await refused(uploadRequest('editor2', randomHighBytes(8192), 'x.txt'), T.undecodable);
    await refused(uploadRequest('editor2', UNSURE, 'x.txt', { category_id: String(ugCategory) }), T.badCategory);
    await refused(uploadRequest('editor2', UNSURE, 'x.txt', { encoding: 'latin1' as ImportForm['encoding'] }), T.badEncoding);
    // Named at the upload: imported in it, as before.
    const res = await uploadRoute(uploadRequest('editor2', UNSURE, 'x.txt', { encoding: 'gb18030' }));
    expect(new URL(res.headers.get('location')!).pathname).toMatch(/^\/admin\/content\/import\/\d+$/);
    expect((await pendingRows('editor2')).length).toBe(before);
  });

  it('a pick that reads as mojibake is refused and the upload keeps waiting for the other pick', async () => {
    // Kept through the service with a file whose GB18030 reading is mojibake: the pick is checked like any upload.
    const file = iconv.encode(TRADITIONAL_NOVEL, 'big5');
    const pendingId = await holdForEncoding(actor('editor1'), { fileName: 'z.txt', file, cover: null, form: form() }, ['gb18030', 'big5']);
    const back = `/admin/content/import/encoding/${pendingId}`;
    const drafts = await draftCount();
    const pick = (encoding: string) => draftPost('editor1', { op: 'encoding', pending: String(pendingId), encoding, back });
    expect(flashOf(await pick('gb18030'))).toBe(`${back} ${T.notThisEncoding(T.encodings.gb18030)}`);
    expect(await draftCount()).toBe(drafts);
    expect((await d().select().from(importPending).where(eq(importPending.id, pendingId)))[0]!.claimedAt).toBeNull();
    expect(new URL((await pick('big5')).headers.get('location')!).pathname).toMatch(/^\/admin\/content\/import\/\d+$/);
    expect(await draftCount()).toBe(drafts + 1);
  });

  it('keeps at most a few uploads per editor and lets expired ones go, with their bytes', async () => {
    await d().delete(importPending).where(eq(importPending.staffId, ids.editor2!));
    const made: number[] = [];
    for (let i = 0; i < MAX_PENDING_PER_STAFF + 1; i++) made.push(await unsureUpload('editor2'));
    const live = (await pendingRows('editor2')).map((r) => r.id);
    expect(live).toEqual(made.slice(1));
    expect(await audioStorage().read(`imports/pending-${made[0]}`, 'file.bin')).toBeNull();
    await expect(viewPending(actor('editor2'), made[0]!)).rejects.toThrow(T.pendingMissing);

    // Past its time it is not shown, and the next kept upload deletes it and its bytes.
    const later = new Date(Date.now() + PENDING_TTL_MS + 60_000);
    await expect(viewPending(actor('editor2'), made[1]!, later)).rejects.toThrow(T.pendingMissing);
    const upload = { fileName: 'y.txt', file: UNSURE, cover: null, form: form() };
    const fresh = await holdForEncoding(actor('editor1'), upload, ['gb18030', 'big5'], later);
    expect((await pendingRows('editor2')).length).toBe(0);
    for (const id of made) expect(await audioStorage().read(`imports/pending-${id}`, 'file.bin')).toBeNull();
    expect((await viewPending(actor('editor1'), fresh, later)).candidates).toHaveLength(2);
  });
});
