import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { asc, count, eq } from 'drizzle-orm';
import { useTestDatabase } from '@/test/db';
import { peerHeaders } from '@/test/peer';
import {
  AMBIGUOUS_BYTES,
  JAPANESE_TEXT,
  randomHighBytes,
  TRADITIONAL_NOVEL,
  buildEpub,
  buildZip,
  deflatedRepeat,
  EPUB_CHAPTER_1,
  epubFiles,
  epubWith,
  metaEpub,
  pngHeader,
  withDeclaredSize,
  xhtmlPage,
} from '@/test/import-fixtures';
import { getDb } from '@/lib/server/db/client';
import { authors, categories, chapters, importDraftChapters, importDrafts, novels, novelTags, staffAuditLog } from '@/lib/server/db/schema';
import { FsAudioStorage, setAudioStorage, audioStorage } from '@/lib/server/audio/storage';
import { can } from '@/lib/server/core/roles';
import type { StaffActor } from '@/lib/server/core/actor';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import { createImportDraft, editImportDraft, saveImportDraft, viewImportDraft, type ImportForm } from '@/lib/server/content/import/drafts';
import { setNovelShelf } from '@/lib/server/content/edit';
import { searchNovels } from '@/lib/server/catalog/search';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { POST as uploadRoute } from '@/app/admin/actions/import-upload/route';
import { POST as draftRoute } from '@/app/admin/actions/import-draft/route';
import { GET as coverRoute } from '@/app/covers/uploaded/[file]/route';
import ImportPage from '@/app/admin/content/import/page';
import DraftPage from '@/app/admin/content/import/[draftId]/page';

// The novel import (docs/content.md "Import"): upload → draft owned by its uploader → corrections → one transaction
// that makes an off-shelf novel; every step role-checked and audited, nothing written on a refusal.

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
const auditOf = (action: string) => d().select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(asc(staffAuditLog.id));
const novelCount = async () => (await d().select({ n: count() }).from(novels))[0]!.n;
const draftCount = async () => (await d().select({ n: count() }).from(importDrafts))[0]!.n;

const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const actor = (name: string): StaffActor => ({ id: ids[name]!, role: name.replace(/\d+$/, ''), ip: '10.0.0.1' });
let zhCategory = 0;
let ugCategory = 0;
let storageDir = '';
let ipSeq = 0;

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-test-'));
  setAudioStorage(new FsAudioStorage(storageDir));
  for (const name of ['admin1', 'editor1', 'editor2', 'editor3', 'moderator1', 'finance1']) {
    const role = name.replace(/\d+$/, '') as 'admin';
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

const NOVEL = [
  '山海行',
  '作者：青山',
  '',
  '第一章 出发',
  '　　清晨，他背上行囊。',
  '山路很长。',
  '第二章 相遇',
  '她站在桥头。',
  '第三章 别离',
  '“再会。”',
  '第四章 归来',
  '他回来了。',
  '多年以后。',
].join('\n');

const headers = (who: string, extra: Record<string, string> = {}) => ({
  'sec-fetch-site': 'same-origin',
  cookie: `staff_token=${tokens[who]}`,
  ...peerHeaders(`10.32.0.${++ipSeq}`),
  ...extra,
});

function uploadRequest(
  who: string,
  file: Buffer,
  name: string,
  fields: Partial<ImportForm> = {},
  cover?: Buffer,
  extra: Record<string, string> = {},
) {
  const data = new FormData();
  data.set('file', new Blob([new Uint8Array(file)]), name);
  if (cover) data.set('cover', new Blob([new Uint8Array(cover)]), 'cover.png');
  else data.set('cover', new Blob([]), '');
  for (const [k, v] of Object.entries(form(fields))) data.set(k, v);
  return new NextRequest('http://localhost/admin/actions/import-upload', { method: 'POST', body: data, headers: headers(who, extra) });
}

const draftPost = (who: string, fields: Record<string, string>) =>
  draftRoute(
    new NextRequest('http://localhost/admin/actions/import-draft', {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: headers(who, { 'content-type': 'application/x-www-form-urlencoded' }),
    }),
  );

const flashOf = (res: Response) => {
  const back = new URL(res.headers.get('location') ?? 'http://x/');
  return `${back.pathname} ${back.searchParams.get('ok') ?? ''}${back.searchParams.get('err') ?? ''}`;
};

const draftChapters = (draftId: number) =>
  d().select().from(importDraftChapters).where(eq(importDraftChapters.draftId, draftId)).orderBy(asc(importDraftChapters.position));

describe('roles', () => {
  it('is for admins and editors', async () => {
    expect(['admin', 'editor', 'moderator', 'finance'].map((r) => can(r, 'content'))).toEqual([true, true, false, false]);
    await expect(
      createImportDraft(actor('moderator1'), { fileName: 'a.txt', file: Buffer.from(NOVEL), cover: null, form: form() }),
    ).rejects.toThrow('当前角色无权进行此操作');
  });

  it('refuses moderators and finance staff at the upload and the draft routes, writing nothing', async () => {
    const before = { drafts: await draftCount(), novels: await novelCount() };
    for (const who of ['moderator1', 'finance1']) {
      expect(flashOf(await uploadRoute(uploadRequest(who, Buffer.from(NOVEL), 'a.txt')))).toBe('/admin 当前角色无权进行此操作');
      expect(flashOf(await draftPost(who, { op: 'save', draft: '1' }))).toBe('/admin 当前角色无权进行此操作');
    }
    expect({ drafts: await draftCount(), novels: await novelCount() }).toEqual(before);
  });

  it('refuses a cross-site upload before reading it', async () => {
    const res = await uploadRoute(uploadRequest('editor1', Buffer.from(NOVEL), 'a.txt', {}, undefined, { 'sec-fetch-site': 'cross-site' }));
    expect(res.status).toBe(403);
  });
});

describe('upload', () => {
  it('parses a GBK TXT into a draft and opens its preview', async () => {
    const before = await draftCount();
    const res = await uploadRoute(uploadRequest('editor1', iconv.encode(NOVEL, 'gbk'), '../../etc/山海行.txt'));
    expect(res.status).toBe(303);
    // The route guard does not run on this path (proxy.ts), so the route sets the console's headers itself.
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const where = new URL(res.headers.get('location')!);
    expect(where.pathname).toMatch(/^\/admin\/content\/import\/\d+$/);
    expect(where.searchParams.get('ok')).toBe(T.chapters(4));
    expect(await draftCount()).toBe(before + 1);
    const draftId = Number(where.pathname.split('/').pop());
    const [draft] = await d().select().from(importDrafts).where(eq(importDrafts.id, draftId));
    expect(draft).toMatchObject({
      staffId: ids.editor1,
      fileName: '山海行.txt',
      format: 'txt',
      encoding: 'gb18030',
      // The title and author lines went to the form's empty fields (docs/content.md "Import"), not the intro.
      intro: '',
    });
    expect((await draftChapters(draftId)).map((c) => [c.title, c.content, c.wordCount])).toEqual([
      ['第一章 出发', '清晨，他背上行囊。\n山路很长。', 14],
      ['第二章 相遇', '她站在桥头。', 6],
      ['第三章 别离', '“再会。”', 5],
      ['第四章 归来', '他回来了。\n多年以后。', 10],
    ]);
    const [audit] = (await auditOf('content.import_upload')).slice(-1);
    expect(audit).toMatchObject({ staffId: ids.editor1, targetType: 'import_draft', targetId: draftId });
    expect(audit!.detail).toMatchObject({ fileName: '山海行.txt', encoding: 'gb18030', chapters: 4 });
  });

  it('refuses broken files, a missing file, oversized bodies and bad metadata with a message, writing nothing', async () => {
    const before = { drafts: await draftCount(), audits: (await auditOf('content.import_upload')).length };
    let seed = 3;
    const random = Buffer.from(Buffer.alloc(4096).map(() => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff));
    const cases: Array<[Request, string]> = [
      [uploadRequest('editor1', random, 'x.txt'), T.binaryFile],
      [uploadRequest('editor1', Buffer.alloc(0), 'x.txt'), T.emptyFile],
      [uploadRequest('editor1', buildEpub().subarray(0, 300), 'x.epub'), T.badEpub],
      [uploadRequest('editor1', Buffer.from(NOVEL), 'x.txt', { category_id: String(ugCategory) }), T.badCategory],
      // A file that names no author of its own.
      [uploadRequest('editor1', Buffer.from(NOVEL.replace('作者：青山\n', '')), 'x.txt', { author: '' }), T.enterAuthor],
      [uploadRequest('editor1', Buffer.from(NOVEL), 'x.txt', { tags: 'a'.repeat(33) }), T.badTag],
      [uploadRequest('editor1', Buffer.from(NOVEL), 'x.txt', {}, Buffer.from('GIF89a')), T.coverType],
      [
        uploadRequest('editor1', Buffer.from(NOVEL), 'x.txt', {}, undefined, { 'content-length': String(60 * 1024 * 1024) }),
        T.tooLarge(50),
      ],
    ];
    for (const [req, message] of cases) expect(flashOf(await uploadRoute(req as NextRequest))).toBe(`/admin/content/import ${message}`);
    const noFile = new FormData();
    noFile.set('title', 'x');
    const res = await uploadRoute(
      new NextRequest('http://localhost/admin/actions/import-upload', { method: 'POST', body: noFile, headers: headers('editor1') }),
    );
    expect(flashOf(res)).toBe(`/admin/content/import ${T.noFile}`);
    expect({ drafts: await draftCount(), audits: (await auditOf('content.import_upload')).length }).toEqual(before);
  });

  it('imports Big5 and UTF-16 without a BOM as their exact text, and the preview names the encoding', async () => {
    const files: Array<[Buffer, string]> = [
      [iconv.encode(TRADITIONAL_NOVEL, 'big5'), 'big5'],
      [iconv.encode(TRADITIONAL_NOVEL, 'utf-16le'), 'utf-16le'],
      [iconv.encode(TRADITIONAL_NOVEL, 'utf-16be'), 'utf-16be'],
    ];
    for (const [file, encoding] of files) {
      const draft = await createImportDraft(actor('editor3'), { fileName: '風起.txt', file, cover: null, form: form({ title: '風起' }) });
      const [row] = await d().select().from(importDrafts).where(eq(importDrafts.id, draft.id));
      expect(row!.encoding).toBe(encoding);
      const chapters = await draftChapters(draft.id);
      expect(chapters.map((c) => c.title)).toEqual(['第一章 風起青萍', '第二章 舊信', '第三章 聽雨樓', '第四章 夜雨']);
      expect(chapters.map((c) => `${c.title}\n${c.content}`).join('\n')).toBe(TRADITIONAL_NOVEL.trim().replace(/\n\u3000\u3000/g, '\n'));
    }
    pageStaff.current = { id: ids.editor3!, role: 'editor' };
    const [big5Draft] = await d().select().from(importDrafts).where(eq(importDrafts.encoding, 'big5')).limit(1);
    const html = renderToStaticMarkup(
      await DraftPage({ params: Promise.resolve({ draftId: String(big5Draft!.id) }), searchParams: Promise.resolve({}) }),
    ).replace(/<!-- -->/g, '');
    expect(html).toContain(`${T.encoding} Big5（繁体）`);
    // 放弃草稿 opens a question; only its 确定放弃 posts, with the confirmation.
    const discard = html.slice(html.indexOf('<details class="confirm-discard">'));
    expect(discard).toMatch(new RegExp(`^<details class="confirm-discard"><summary class="danger">${T.discard}</summary>`));
    expect(discard).toContain(T.discardAsk);
    expect(discard).toContain('name="confirm" value="1"');
  });

  it('refuses mojibake at the upload route, writing nothing; an undecidable encoding waits for the pick; a named one decides', async () => {
    const before = { drafts: await draftCount(), audits: (await auditOf('content.import_upload')).length };
    const cases: Array<[Request, string]> = [
      [uploadRequest('editor3', iconv.encode(JAPANESE_TEXT, 'shift_jis'), 'x.txt'), T.undecodable],
      [uploadRequest('editor3', randomHighBytes(8192), 'x.txt'), T.undecodable],
      [
        uploadRequest('editor3', iconv.encode(TRADITIONAL_NOVEL, 'big5'), 'x.txt', { encoding: 'gb18030' }),
        T.notThisEncoding(T.encodings.gb18030),
      ],
      [uploadRequest('editor3', AMBIGUOUS_BYTES, 'x.txt', { encoding: 'latin1' as ImportForm['encoding'] }), T.badEncoding],
    ];
    for (const [req, message] of cases) {
      const res = await uploadRoute(req as NextRequest);
      expect(res.status).toBe(303);
      expect(flashOf(res)).toBe(`/admin/content/import ${message}`);
    }
    expect({ drafts: await draftCount(), audits: (await auditOf('content.import_upload')).length }).toEqual(before);
    // Undecided and not named: no draft yet, the page where the editor picks (test/content-import-choices.test.ts).
    const unsure = await uploadRoute(uploadRequest('editor3', AMBIGUOUS_BYTES, 'x.txt'));
    expect(new URL(unsure.headers.get('location')!).pathname).toMatch(/^\/admin\/content\/import\/encoding\/\d+$/);
    expect({ drafts: await draftCount(), audits: (await auditOf('content.import_upload')).length }).toEqual(before);

    const res = await uploadRoute(uploadRequest('editor3', AMBIGUOUS_BYTES, '短.txt', { encoding: 'big5' }));
    const where = new URL(res.headers.get('location')!);
    expect(where.pathname).toMatch(/^\/admin\/content\/import\/\d+$/);
    const draftId = Number(where.pathname.split('/').pop());
    expect((await d().select().from(importDrafts).where(eq(importDrafts.id, draftId)))[0]!.encoding).toBe('big5');
    expect((await draftChapters(draftId)).map((c) => c.content)).toEqual(['乾假做參域婦控晚條票第統']);
  });

  it('refuses zip bombs and archives of too many entries with their message, writing nothing', async () => {
    const before = { drafts: await draftCount(), audits: (await auditOf('content.import_upload')).length };
    // 300 MB of XHTML deflated to under 1 MB: declared honestly, then as 1,000 bytes in both headers.
    const honest = epubWith({ deflated: deflatedRepeat(Buffer.alloc(1024 * 1024, '<p>山海行。</p>'), 300) });
    const lying = withDeclaredSize(honest, EPUB_CHAPTER_1, 1000);
    const crowded = buildZip([
      ...epubFiles().map(([name, data]) => ({ name, data })),
      ...Array.from({ length: 30_000 }, (_, i) => ({ name: `OEBPS/x/${i}`, data: 'x' })),
    ]);
    for (const [file, message] of [
      [lying, T.badEpub],
      [honest, T.epubTooLarge],
      [crowded, T.epubTooLarge],
    ] as const) {
      const res = await uploadRoute(uploadRequest('editor1', file, 'bomb.epub'));
      // The form's own refusal line (a 4xx); a server error would read 服务器繁忙.
      expect(res.status).toBe(303);
      expect(flashOf(res)).toBe(`/admin/content/import ${message}`);
    }
    expect({ drafts: await draftCount(), audits: (await auditOf('content.import_upload')).length }).toEqual(before);
  });

  it('imports an EPUB with its own title and author when the form leaves them empty', async () => {
    const draft = await createImportDraft(actor('editor1'), {
      fileName: 'book.epub',
      file: buildEpub(),
      cover: null,
      form: form({ title: '', author: '' }),
    });
    const view = await viewImportDraft(actor('editor1'), draft.id);
    expect(view.draft).toMatchObject({ format: 'epub', encoding: 'epub', meta: { title: '山海行', author: '青山' } });
    expect(view.chapters.map((c) => [c.title, c.firstLine, c.lines])).toEqual([
      ['第一章 出发', '清晨，他背上行囊。', 2],
      ['第二章 相遇', '她站在桥头。', 1],
    ]);
  });

  it("fills an empty cover, summary and tags from the EPUB's own; what the form gives wins", async () => {
    const epubCover = pngHeader(300, 400);
    const book = (coverBytes: Buffer) =>
      metaEpub({
        metadata:
          '<meta name="cover" content="img"/><dc:description>&lt;p&gt;少年远行，&lt;i&gt;山海&lt;/i&gt;之间。&lt;/p&gt;</dc:description><dc:subject>仙侠</dc:subject><dc:subject>热血、江湖</dc:subject>',
        manifest:
          '<item id="img" href="Images/cover.png" media-type="image/png"/><item id="cr" href="Text/copyright.xhtml" media-type="application/xhtml+xml"/>',
        spineBefore: '<itemref idref="cr"/>',
        guide: '<reference type="copyright-page" href="Text/copyright.xhtml" title="版权"/>',
        files: {
          'OEBPS/Images/cover.png': coverBytes,
          'OEBPS/Text/copyright.xhtml': xhtmlPage('版权', '<h2>版权信息</h2><p>本书由书声文学出品，版权所有，未经许可不得转载。</p>'),
        },
      });
    const storedCover = (id: number, ext = 'png') => audioStorage().read(`covers/draft-${id}`, `cover.${ext}`);
    const upload = (file: Buffer, over: Partial<ImportForm>, cover: Buffer | null = null) =>
      createImportDraft(actor('editor3'), { fileName: 'meta.epub', file, cover, form: form({ summary: '', tags: '', ...over }) });

    const filled = await upload(book(epubCover), {});
    const view = await viewImportDraft(actor('editor3'), filled.id);
    expect(view.draft).toMatchObject({
      coverExt: 'png',
      meta: { summary: '少年远行，山海之间。', tags: ['仙侠', '热血', '江湖'] },
    });
    expect(view.skipped.map((s) => s.title)).toEqual(['版权信息']);
    expect(view.chapters.map((c) => c.title)).toEqual(['第一章 出发', '第二章 相遇']);
    expect(Buffer.from((await storedCover(filled.id))!).equals(epubCover)).toBe(true);
    const [audit] = (await auditOf('content.import_upload')).slice(-1);
    expect(audit!.detail).toMatchObject({ chapters: 2, skipped: 1, cover: 'epub' });
    // The preview lists what was skipped.
    pageStaff.current = { id: ids.editor3!, role: 'editor' };
    const html = renderToStaticMarkup(
      await DraftPage({ params: Promise.resolve({ draftId: String(filled.id) }), searchParams: Promise.resolve({}) }),
    );
    expect(html).toContain(T.skippedLabel);
    expect(html).toContain('<span>版权信息</span>');

    // The form's own summary, tags and cover win.
    const mine = pngHeader(500, 500);
    const given = await upload(book(epubCover), { summary: '编辑写的简介', tags: '都市' }, mine);
    expect((await viewImportDraft(actor('editor3'), given.id)).draft).toMatchObject({
      coverExt: 'png',
      meta: { summary: '编辑写的简介', tags: ['都市'] },
    });
    expect(Buffer.from((await storedCover(given.id))!).equals(mine)).toBe(true);

    // An EPUB cover the upload check would refuse (too small, or no image at all) is left out, and the book imports.
    for (const bad of [pngHeader(20, 20), Buffer.from('GIF89a not a cover')]) {
      const plain = await upload(book(bad), {});
      expect((await viewImportDraft(actor('editor3'), plain.id)).draft.coverExt).toBeNull();
      expect(await storedCover(plain.id)).toBeNull();
    }
  });

  it('takes Uyghur headings and counts Uyghur words', async () => {
    const text = '1-باب\nبىر كۈنى ئەتىگەن.\n2-باب\nئۇ يولغا چىقتى.';
    const draft = await createImportDraft(actor('admin1'), {
      fileName: 'ug.txt',
      file: Buffer.from(text),
      cover: null,
      form: form({ language_type: '0', category_id: String(ugCategory), title: 'يول', author: 'ئاپتور', tags: '' }),
    });
    expect((await draftChapters(draft.id)).map((c) => [c.title, c.wordCount])).toEqual([
      ['1-باب', 3],
      ['2-باب', 3],
    ]);
  });
});

async function newDraft(who = 'editor1', text = NOVEL, cover: Buffer | null = null) {
  return (await createImportDraft(actor(who), { fileName: 'n.txt', file: Buffer.from(text), cover, form: form() })).id;
}

describe('corrections', () => {
  it('renames, merges into the previous chapter and splits at a line, each audited with before and after', async () => {
    const draftId = await newDraft();
    let rows = await draftChapters(draftId);
    expect(
      flashOf(
        await draftPost('editor1', {
          op: 'rename',
          draft: String(draftId),
          chapter: String(rows[0]!.id),
          title: '第一章 启程',
          back: `/admin/content/import/${draftId}`,
        }),
      ),
    ).toBe(`/admin/content/import/${draftId} ${T.renamed}`);
    // 第三章 was a false heading: it goes back into 第二章 as a line of text.
    expect(flashOf(await draftPost('editor1', { op: 'merge', draft: String(draftId), chapter: String(rows[2]!.id) }))).toBe(
      `/admin ${T.merged}`,
    );
    rows = await draftChapters(draftId);
    expect(rows.map((r) => [r.position, r.title, r.content])).toEqual([
      [0, '第一章 启程', '清晨，他背上行囊。\n山路很长。'],
      [1, '第二章 相遇', '她站在桥头。\n第三章 别离\n“再会。”'],
      [2, '第四章 归来', '他回来了。\n多年以后。'],
    ]);
    expect(rows[1]!.wordCount).toBe(16);
    // A missed heading: line 2 of the last chapter starts a chapter of its own.
    await draftPost('editor1', { op: 'split', draft: String(draftId), chapter: String(rows[2]!.id), line: '2' });
    rows = await draftChapters(draftId);
    expect(rows.map((r) => [r.position, r.title, r.content])).toEqual([
      [0, '第一章 启程', '清晨，他背上行囊。\n山路很长。'],
      [1, '第二章 相遇', '她站在桥头。\n第三章 别离\n“再会。”'],
      [2, '第四章 归来', '他回来了。'],
      [3, '多年以后。', ''],
    ]);
    const edits = (await auditOf('content.import_edit')).filter((a) => a.targetId === draftId).map((a) => a.detail);
    expect(edits).toEqual([
      { op: 'rename', position: 0, before: { title: '第一章 出发' }, after: { title: '第一章 启程' } },
      { op: 'merge', position: 2, before: { titles: ['第二章 相遇', '第三章 别离'] }, after: { title: '第二章 相遇' } },
      { op: 'split', position: 2, line: 2, before: { title: '第四章 归来' }, after: { titles: ['第四章 归来', '多年以后。'] } },
    ]);
  });

  it('refuses bad corrections with a message and changes nothing', async () => {
    const draftId = await newDraft();
    const rows = await draftChapters(draftId);
    const audits = (await auditOf('content.import_edit')).length;
    expect(flashOf(await draftPost('editor1', { op: 'merge', draft: String(draftId), chapter: String(rows[0]!.id) }))).toBe(
      `/admin ${T.cannotMergeFirst}`,
    );
    expect(flashOf(await draftPost('editor1', { op: 'split', draft: String(draftId), chapter: String(rows[0]!.id), line: '9' }))).toBe(
      `/admin ${T.badSplitLine}`,
    );
    expect(flashOf(await draftPost('editor1', { op: 'rename', draft: String(draftId), chapter: String(rows[0]!.id), title: ' ' }))).toBe(
      `/admin ${T.chapterTitleBad}`,
    );
    // A chapter of another draft, named through this one.
    const other = await newDraft();
    const foreign = (await draftChapters(other))[0]!.id;
    expect(flashOf(await draftPost('editor1', { op: 'merge', draft: String(draftId), chapter: String(foreign) }))).toBe(
      `/admin ${T.chapterMissing}`,
    );
    expect(await draftChapters(draftId)).toEqual(rows);
    expect((await auditOf('content.import_edit')).length).toBe(audits);
  });

  it("another staff member can neither open, correct nor save someone else's draft", async () => {
    const draftId = await newDraft('editor1');
    const rows = await draftChapters(draftId);
    await expect(viewImportDraft(actor('editor2'), draftId)).rejects.toThrow(T.draftMissing);
    await expect(viewImportDraft(actor('admin1'), draftId)).rejects.toThrow(T.draftMissing);
    expect(flashOf(await draftPost('editor2', { op: 'rename', draft: String(draftId), chapter: String(rows[0]!.id), title: '偷改' }))).toBe(
      `/admin ${T.draftMissing}`,
    );
    const before = await novelCount();
    expect(flashOf(await draftPost('editor2', { op: 'save', draft: String(draftId) }))).toBe(`/admin ${T.draftMissing}`);
    expect(await novelCount()).toBe(before);
    expect(await draftChapters(draftId)).toEqual(rows);
    pageStaff.current = { id: ids.editor2!, role: 'editor' };
    const html = renderToStaticMarkup(
      await DraftPage({ params: Promise.resolve({ draftId: String(draftId) }), searchParams: Promise.resolve({}) }),
    );
    expect(html).toContain(T.draftMissing);
    expect(html).not.toContain('第一章 出发');
  });

  it('one person holds at most 10 live drafts', async () => {
    const live = async () => (await d().select({ n: count() }).from(importDrafts).where(eq(importDrafts.staffId, ids.admin1!)))[0]!.n;
    while ((await live()) < 10) await newDraft('admin1');
    await expect(newDraft('admin1')).rejects.toThrow(T.draftLimit(10));
    expect(await live()).toBe(10);
    // Discarding one makes room again; the discard is audited.
    const [oldest] = await d()
      .select()
      .from(importDrafts)
      .where(eq(importDrafts.staffId, ids.admin1!))
      .orderBy(asc(importDrafts.id))
      .limit(1);
    // Unconfirmed (the page asks first), nothing happens; confirmed, the draft goes.
    const discard = { op: 'discard', draft: String(oldest!.id), back: '/admin/content/import' };
    expect(flashOf(await draftPost('admin1', discard))).toContain(T.discardUnconfirmed);
    expect(await live()).toBe(10);
    expect(flashOf(await draftPost('admin1', { ...discard, confirm: '1' }))).toBe(`/admin/content/import ${T.discarded}`);
    const [audit] = (await auditOf('content.import_edit')).slice(-1);
    expect(audit).toMatchObject({ targetId: oldest!.id, detail: { op: 'discard', after: null } });
    await newDraft('admin1');
    expect(await live()).toBe(10);
    await d().delete(importDrafts).where(eq(importDrafts.staffId, ids.admin1!));
  });

  it('an expired draft is gone', async () => {
    const draftId = await newDraft();
    await d()
      .update(importDrafts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(importDrafts.id, draftId));
    await expect(editImportDraft(actor('editor1'), draftId, { op: 'merge', chapterId: 1 })).rejects.toThrow(T.draftMissing);
  });
});

describe('pages', () => {
  it('the upload page: the multipart form, the categories, my drafts only', async () => {
    const mine = await newDraft('editor2');
    pageStaff.current = { id: ids.editor2!, role: 'editor' };
    const html = renderToStaticMarkup(await ImportPage({ searchParams: Promise.resolve({}) })).replace(/<!-- -->/g, '');
    expect(html).toContain('action="/admin/actions/import-upload"');
    expect(html.toLowerCase()).toContain('enctype="multipart/form-data"');
    expect(html).toContain('<a href="/admin/content/import" aria-current="page">导入</a>');
    expect(html).toContain(`data-testid="import-draft-${mine}"`);
    expect(html).toContain(`#${mine} 山海行</strong><span>n.txt</span><span>4 章</span>`);
    const [editor1Draft] = await d().select().from(importDrafts).where(eq(importDrafts.staffId, ids.editor1!)).limit(1);
    expect(html).not.toContain(`data-testid="import-draft-${editor1Draft!.id}"`);
  });

  it('the preview lists chapters with their first line, words and lines, and the correction forms', async () => {
    const draftId = await newDraft('editor2');
    pageStaff.current = { id: ids.editor2!, role: 'editor' };
    const html = renderToStaticMarkup(
      await DraftPage({ params: Promise.resolve({ draftId: String(draftId) }), searchParams: Promise.resolve({}) }),
    ).replace(/<!-- -->/g, '');
    expect(html).toContain('value="第一章 出发"');
    expect(html).toContain('首行：清晨，他背上行囊。');
    expect(html).toContain('14 字');
    expect(html).toContain('共 2 行');
    expect(html).toContain(T.save);
    // The first chapter cannot merge upwards: three merge buttons for four chapters.
    expect(html.match(new RegExp(T.merge, 'g'))).toHaveLength(3);
  });
});

describe('saving', () => {
  it('a saved novel is found by search by its title and author once on shelf, not before', async () => {
    const { id: draftId } = await createImportDraft(actor('editor1'), {
      fileName: 'n.txt',
      file: Buffer.from(NOVEL),
      cover: null,
      form: form({ title: '雾港寻书记', author: '寻书导入作者' }),
    });
    const { novelId } = await saveImportDraft(actor('editor1'), draftId);
    const found = async (keyword: string) =>
      (await searchNovels({ keyword, start: 0, limit: 10, highlight: false })).data.map((hit) => hit.id);
    // Off shelf: readers' search does not show it.
    expect(await found('雾港寻书记')).not.toContain(novelId);
    await setNovelShelf(actor('editor1'), novelId, false);
    expect(await found('雾港寻书记')).toContain(novelId);
    expect(await found('寻书导入作者')).toContain(novelId);
  });

  it('creates the off-shelf novel, its chapters in order, author and tags in one go, audited, then opens the edit page', async () => {
    const draftId = await newDraft('editor1', NOVEL, pngHeader(300, 400));
    const res = await draftPost('editor1', { op: 'save', draft: String(draftId), back: `/admin/content/import/${draftId}` });
    const where = new URL(res.headers.get('location')!);
    expect(where.pathname).toMatch(/^\/admin\/content\/novels\/\d+$/);
    expect(where.searchParams.get('ok')).toBe(T.savedOk);
    const novelId = Number(where.pathname.split('/').pop());
    const [novel] = await d().select().from(novels).where(eq(novels.id, novelId));
    const rows = await d().select().from(chapters).where(eq(chapters.novelId, novelId)).orderBy(asc(chapters.idx));
    expect(novel).toMatchObject({
      title: '山海行',
      isOffShelf: true,
      status: 0,
      languageType: 1,
      categoryId: zhCategory,
      copyrightHolder: '书声文学',
      editor: '小王',
      summary: '',
      tags: ['仙侠', '热血'],
      articleCount: 4,
      wordCount: 35,
      firstArticleId: rows[0]!.id,
      latestArticleId: rows[3]!.id,
    });
    expect(rows.map((r) => [r.idx, r.title, r.isFree, r.price])).toEqual([
      [1, '第一章 出发', true, 0],
      [2, '第二章 相遇', true, 0],
      [3, '第三章 别离', true, 0],
      [4, '第四章 归来', true, 0],
    ]);
    const [author] = await d().select().from(authors).where(eq(authors.id, novel!.authorId));
    expect(author).toMatchObject({ name: '青山导入', languageType: 1, avatar: `/covers/author-${author!.id}.svg` });
    expect((await d().select().from(novelTags).where(eq(novelTags.novelId, novelId))).length).toBe(2);
    expect(await d().select().from(importDrafts).where(eq(importDrafts.id, draftId))).toEqual([]);
    expect(await draftChapters(draftId)).toEqual([]);
    const [audit] = (await auditOf('content.import')).slice(-1);
    expect(audit).toMatchObject({ staffId: ids.editor1, targetType: 'novel', targetId: novelId });
    expect(audit!.detail).toMatchObject({
      draftId,
      fileName: 'n.txt',
      encoding: 'utf-8',
      chapters: 4,
      after: { title: '山海行', isOffShelf: true, authorCreated: true },
    });
    // The uploaded cover, served from storage under a name that carries its hash.
    expect(novel!.thumb).toMatch(new RegExp(`^/covers/uploaded/${novelId}-[0-9a-f]{16}\\.png$`));
    const served = await coverRoute(new Request(`http://localhost${novel!.thumb}`), {
      params: Promise.resolve({ file: novel!.thumb.split('/').pop()! }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(pngHeader(300, 400))).toBe(true);
    expect(
      (await coverRoute(new Request('http://localhost/x'), { params: Promise.resolve({ file: `${novelId}-0000000000000000.png` }) }))
        .status,
    ).toBe(404);
    // The same author name again is the same author.
    const again = await saveImportDraft(actor('editor1'), await newDraft());
    const [second] = await d().select().from(novels).where(eq(novels.id, again.novelId));
    expect(second!.authorId).toBe(novel!.authorId);
    expect(second!.thumb).toBe(`/covers/${again.novelId}.svg`);
  });

  it('writes nothing when the save fails half way (the cover cannot be stored)', async () => {
    const draftId = await newDraft('editor1', NOVEL, pngHeader(300, 400));
    const before = {
      novels: await novelCount(),
      chapters: (await d().select({ n: count() }).from(chapters))[0]!.n,
      audits: (await auditOf('content.import')).length,
    };
    const storage = audioStorage();
    const spy = jest.spyOn(storage, 'writeAtomic').mockRejectedValueOnce(new Error('disk full'));
    await expect(saveImportDraft(actor('editor1'), draftId)).rejects.toThrow('disk full');
    spy.mockRestore();
    expect({
      novels: await novelCount(),
      chapters: (await d().select({ n: count() }).from(chapters))[0]!.n,
      audits: (await auditOf('content.import')).length,
    }).toEqual(before);
    expect((await draftChapters(draftId)).length).toBe(4);
  });

  it('imports and saves a 3,000-chapter GB18030 file', async () => {
    const text = Array.from({ length: 3000 }, (_, i) => `第${i + 1}章 第${i + 1}个故事\n${'山高水长，风起云涌。'.repeat(30)}`).join('\n');
    const started = Date.now();
    const draft = await createImportDraft(actor('admin1'), {
      fileName: 'big.txt',
      file: iconv.encode(text, 'gb18030'),
      cover: null,
      form: form({ title: '长篇' }),
    });
    expect(draft.chapters).toBe(3000);
    const view = await viewImportDraft(actor('admin1'), draft.id, 30);
    expect(view).toMatchObject({ chapterCount: 3000, page: 30, pages: 30 });
    expect(view.chapters.at(-1)!.title).toBe('第3000章 第3000个故事');
    const saved = await saveImportDraft(actor('admin1'), draft.id);
    expect(saved.chapters).toBe(3000);
    const [novel] = await d().select().from(novels).where(eq(novels.id, saved.novelId));
    expect(novel).toMatchObject({ articleCount: 3000, wordCount: 3000 * 300 });
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
});
