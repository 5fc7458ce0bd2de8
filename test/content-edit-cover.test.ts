import { NextRequest } from 'next/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { useTestDatabase } from '@/test/db';
import { peerHeaders } from '@/test/peer';
import { callRoute } from '@/test/route';
import { useTempAudioStorage } from '@/test/temp-audio-storage';
import { pngHeader } from '@/test/import-fixtures';
import { audioStorage } from '@/lib/server/audio/storage';
import { novelCoverKey } from '@/lib/server/content/import/drafts';
import { CONTENT_EDIT_TEXT as C } from '@/lib/shared/content-edit-text';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { SERVER_MSG } from '@/lib/server/messages';
import { MSG } from '@/lib/shared/messages';
import { POST as contentRoute } from '@/app/admin/actions/content-edit/route';
import { GET as coverRoute } from '@/app/covers/uploaded/[file]/route';
import { GET as novelRoute } from '@/app/v1/novels/[nid]/route';
import NovelPage from '@/app/admin/content/novels/[nid]/page';
import { setNovelShelf } from '@/lib/server/content/edit';
import { actorOf, auditCount, auditOf, flashOf, makeNovel, novelRow, signInStaff, tokens } from './content-edit-fixtures';

// A novel's cover uploaded, replaced and removed in the console (docs/content.md "Covers"): checked like an import's,
// the replaced file deleted so its URL answers 404, a new URL per picture; every abuse refused in Chinese with
// nothing written and the old cover still served.
jest.mock('@/lib/server/staff/page-session', () =>
  jest
    .requireActual<typeof import('@/test/staff-page-session')>('@/test/staff-page-session')
    .pageSessionAs({ username: 'ed', displayName: '编辑小王', role: 'editor' }),
);

useTempAudioStorage('cover-edit');
useTestDatabase({ seed: true });
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let book: { id: number };
let other: { id: number };
beforeAll(async () => {
  await signInStaff();
  book = await makeNovel(2, '封面之书');
  other = await makeNovel(1, '邻居之书');
  // On shelf, so the detail API shows it (readers' view of the cover).
  await setNovelShelf(actorOf('editor'), book.id, false);
});

const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
/** A PNG as the cover check reads it: signature, IHDR of that size, IEND. */
const png = (w = 300, h = 400) => Buffer.concat([pngHeader(w, h), IEND]);
/** A JPEG's start of image, an APP0 segment and a frame header of 300 × 400, end of image. */
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x90, 0x01, 0x2c, 0x03, 0xff, 0xd9,
]);

let ipSeq = 0;
interface Send {
  file?: { bytes: Buffer; name?: string; type?: string; field?: string } | null;
  fields?: Record<string, string>;
  role?: string | null;
  headers?: Record<string, string>;
  /** A second picture under the same name `cover`. */
  extra?: Buffer;
}

/** The cover form as a browser posts it: multipart with the picture as `cover`, the staff cookie, same origin. */
async function send(id: number | string, { file, fields = {}, role = 'editor', headers = {}, extra }: Send = {}): Promise<Response> {
  const form = new FormData();
  form.append('op', 'cover');
  form.append('id', String(id));
  form.append('back', `/admin/content/novels/${id}`);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file)
    form.append(
      file.field ?? 'cover',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'cover.png',
    );
  if (extra) form.append('cover', new Blob([new Uint8Array(extra)], { type: 'image/png' }), 'second.png');
  const encoded = new Request('http://localhost/x', { method: 'POST', body: form });
  return contentRoute(
    new NextRequest('http://localhost/admin/actions/content-edit', {
      method: 'POST',
      body: await encoded.arrayBuffer(),
      headers: {
        'content-type': encoded.headers.get('content-type')!,
        'sec-fetch-site': 'same-origin',
        referer: `http://localhost/admin/content/novels/${id}`,
        ...(role ? { cookie: `staff_token=${tokens[role]}` } : {}),
        ...peerHeaders(`10.43.0.${(++ipSeq % 250) + 1}`),
        ...headers,
      },
    }),
  );
}

/** The remove form (url-encoded, no file). */
function sendRemove(id: number, role = 'editor'): Promise<Response> {
  return contentRoute(
    new NextRequest('http://localhost/admin/actions/content-edit', {
      method: 'POST',
      body: new URLSearchParams({ op: 'cover_remove', id: String(id), back: `/admin/content/novels/${id}` }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: `staff_token=${tokens[role]}`,
        ...peerHeaders(`10.43.1.${(++ipSeq % 250) + 1}`),
      },
    }),
  );
}

const serve = (thumb: string) =>
  coverRoute(new Request(`http://localhost${thumb}`), { params: Promise.resolve({ file: thumb.split('/').pop()! }) });
const stored = async (id: number) => [...(await audioStorage().sizes(novelCoverKey(id))).keys()].sort();
const novelApi = (id: number) => callRoute(novelRoute, { url: `/v1/novels/${id}`, params: { nid: String(id) } }) as Promise<Any>;
const html = (el: React.ReactElement) => renderToStaticMarkup(el).replace(/<!-- -->/g, '');

describe('upload, replace, remove', () => {
  it('uploads a cover: a versioned URL served as the image for a year, the novel and its API pointing at it, audited', async () => {
    expect((await novelApi(book.id)).body.data.thumb).toBe('/covers/1.svg');
    const audits = await auditCount();
    const res = await send(book.id, { file: { bytes: png() } });
    expect(res.status).toBe(303);
    expect(flashOf(res)).toBe(`/admin/content/novels/${book.id} ${C.coverReplaced('封面之书')}`);
    const { thumb } = await novelRow(book.id);
    expect(thumb).toMatch(new RegExp(`^/covers/uploaded/${book.id}-[0-9a-f]{16}\\.png$`));
    const served = await serve(thumb);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(png())).toBe(true);
    // The catalogue's cache was dropped: readers get the new URL at once.
    expect((await novelApi(book.id)).body.data.thumb).toBe(thumb);
    expect(await auditCount()).toBe(audits + 1);
    const [audit] = (await auditOf('novel.cover')).slice(-1);
    expect(audit).toMatchObject({ targetType: 'novel', targetId: book.id });
    expect(audit!.detail).toEqual({
      before: { thumb: '/covers/1.svg' },
      after: { thumb },
      cover: { type: 'png', bytes: png().length, width: 300, height: 400 },
    });
  });

  it('replaces it: the old URL answers 404 (not cached), the new one serves the JPEG, one file stored', async () => {
    const old = (await novelRow(book.id)).thumb;
    const res = await send(book.id, { file: { bytes: jpeg, name: 'new.jpg', type: 'image/jpeg' } });
    expect(flashOf(res)).toContain(C.coverReplaced('封面之书'));
    const { thumb } = await novelRow(book.id);
    expect(thumb).toMatch(new RegExp(`^/covers/uploaded/${book.id}-[0-9a-f]{16}\\.jpg$`));
    expect(thumb).not.toBe(old);
    const gone = await serve(old);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    const served = await serve(thumb);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(await stored(book.id)).toEqual([thumb.split('-').pop()]);
    expect((await novelApi(book.id)).body.data.thumb).toBe(thumb);
    const [audit] = (await auditOf('novel.cover')).slice(-1);
    expect(audit!.detail).toMatchObject({ before: { thumb: old }, after: { thumb } });
  });

  it('the same picture again changes nothing and is not audited', async () => {
    const audits = await auditCount();
    const thumb = (await novelRow(book.id)).thumb;
    const res = await send(book.id, { file: { bytes: jpeg, name: 'again.jpg', type: 'image/jpeg' } });
    expect(flashOf(res)).toContain(C.coverUnchanged('封面之书'));
    expect((await novelRow(book.id)).thumb).toBe(thumb);
    expect((await serve(thumb)).status).toBe(200);
    expect(await auditCount()).toBe(audits);
  });

  it('the edit page shows the cover with the replace form and the remove form', async () => {
    const { thumb } = await novelRow(book.id);
    const page = html(await NovelPage({ params: Promise.resolve({ nid: String(book.id) }), searchParams: Promise.resolve({}) }));
    expect(page).toContain(`src="${thumb}"`);
    expect(page).toContain('encType="multipart/form-data"');
    expect(page).toContain('name="cover"');
    expect(page).toContain(C.coverReplace);
    expect(page).toContain(C.coverRemove);
    const plain = html(await NovelPage({ params: Promise.resolve({ nid: String(other.id) }), searchParams: Promise.resolve({}) }));
    expect(plain).toContain(C.coverUpload);
    expect(plain).not.toContain(C.coverRemove);
  });
});

describe('refusals: nothing written, the old cover still served', () => {
  let thumb: string;
  let files: string[];
  let audits: number;
  beforeEach(async () => {
    thumb = (await novelRow(book.id)).thumb;
    files = await stored(book.id);
    audits = await auditCount();
  });
  afterEach(async () => {
    expect((await novelRow(book.id)).thumb).toBe(thumb);
    expect(await stored(book.id)).toEqual(files);
    expect((await serve(thumb)).status).toBe(200);
    expect(await auditCount()).toBe(audits);
  });
  const back = () => `/admin/content/novels/${book.id}`;

  it('a text file named .png and declared image/png', async () => {
    const res = await send(book.id, { file: { bytes: Buffer.from('这不是图片，只是一段文字。\n'.repeat(20)) } });
    expect(flashOf(res)).toBe(`${back()} ${T.coverType}`);
  });

  it('an SVG with a script, named .png', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><script>alert(document.cookie)</script></svg>';
    expect(flashOf(await send(book.id, { file: { bytes: Buffer.from(svg) } }))).toBe(`${back()} ${T.coverType}`);
    expect(flashOf(await send(book.id, { file: { bytes: Buffer.from(svg), name: 'c.svg', type: 'image/svg+xml' } }))).toBe(
      `${back()} ${T.coverType}`,
    );
  });

  it('an SVG behind a PNG header, and a PNG with a page after its end (polyglots)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(flashOf(await send(book.id, { file: { bytes: Buffer.concat([pngHeader(300, 400), svg]) } }))).toBe(
      `${back()} ${T.coverPolyglot}`,
    );
    const page = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/admin")</script></body></html>');
    expect(flashOf(await send(book.id, { file: { bytes: Buffer.concat([png(), page]) } }))).toBe(`${back()} ${T.coverPolyglot}`);
    const zip = Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00');
    expect(flashOf(await send(book.id, { file: { bytes: Buffer.concat([png(), zip]) } }))).toBe(`${back()} ${T.coverPolyglot}`);
  });

  it('a cover over 5 MB, and a body far past it (refused unread)', async () => {
    const big = Buffer.concat([pngHeader(300, 400), Buffer.alloc(5 * 1024 * 1024)]);
    expect(flashOf(await send(book.id, { file: { bytes: big } }))).toBe(`${back()} ${T.coverTooLarge(5)}`);
    const huge = Buffer.concat([pngHeader(300, 400), Buffer.alloc(7 * 1024 * 1024)]);
    const res = await send(book.id, { file: { bytes: huge } });
    expect(flashOf(res)).toBe(`${back()} ${C.coverBodyTooLarge(5)}`);
  });

  it('a picture too small or too large in pixels', async () => {
    expect(flashOf(await send(book.id, { file: { bytes: png(50, 50) } }))).toBe(`${back()} ${T.coverSize}`);
    expect(flashOf(await send(book.id, { file: { bytes: png(300, 9000) } }))).toBe(`${back()} ${T.coverSize}`);
  });

  it('no file, an empty file, a file under another name, two covers at once', async () => {
    expect(flashOf(await send(book.id))).toBe(`${back()} ${C.coverMissing}`);
    expect(flashOf(await send(book.id, { file: { bytes: Buffer.alloc(0) } }))).toBe(`${back()} ${C.coverMissing}`);
    expect(flashOf(await send(book.id, { file: { bytes: png(), field: 'file' } }))).toBe(`/admin ${MSG.invalidParams}`);
    const two = await send(book.id, { file: { bytes: png(310, 400) }, extra: png(320, 400) });
    expect(flashOf(two)).toBe(`/admin ${MSG.invalidParams}`);
  });

  it('a cover sent with another op, for a novel that does not exist, or with a crafted id', async () => {
    const shelf = await send(book.id, { file: { bytes: png(320, 400) }, fields: { op: 'shelf', off: '1' } });
    expect(flashOf(shelf)).toBe(`${back()} ${MSG.invalidParams}`);
    const missing = await send(99_999_999, { file: { bytes: png(310, 400) } });
    expect(flashOf(missing)).toBe(`/admin/content/novels/99999999 ${C.novelMissing}`);
    expect(await stored(99_999_999)).toEqual([]);
    for (const id of ['1/../2', '-1', '0', `${book.id}.5`, 'abc', '99999999999']) {
      const res = await send(id, { file: { bytes: png(330, 400) }, fields: { back: back() } });
      expect(flashOf(res)).toMatch(new RegExp(`^${back()} .*[\u4e00-\u9fff]`));
      expect(flashOf(res)).not.toContain('已更新');
    }
  });

  it('an upload for the neighbour leaves this novel’s cover alone', async () => {
    const res = await send(other.id, { file: { bytes: png(400, 500) } });
    expect(flashOf(res)).toContain(C.coverReplaced('邻居之书'));
    expect((await novelRow(other.id)).thumb).toMatch(new RegExp(`^/covers/uploaded/${other.id}-`));
    audits = await auditCount();
  });

  it('anonymous, a wrong session, and staff without the content area', async () => {
    const anon = await send(book.id, { file: { bytes: png(301, 400) }, role: null });
    expect(flashOf(anon)).toBe(`/admin/login ${SERVER_MSG.staffSignInNeeded}`);
    const forged = await send(book.id, { file: { bytes: png(301, 400) }, role: null, headers: { cookie: 'staff_token=forged' } });
    expect(flashOf(forged)).toBe(`/admin/login ${SERVER_MSG.staffSignInNeeded}`);
    for (const role of ['moderator', 'finance']) {
      const res = await send(book.id, { file: { bytes: png(301, 400) }, role });
      expect(flashOf(res)).toBe(`/admin ${SERVER_MSG.staffForbidden}`);
      const remove = await sendRemove(book.id, role);
      expect(flashOf(remove)).toBe(`/admin ${SERVER_MSG.staffForbidden}`);
    }
  });

  it('a cross-site post (no same-origin proof: the console’s CSRF check) is refused with 403 before reading', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': '', origin: 'https://evil.example' },
    ] as Record<string, string>[]) {
      const res = await send(book.id, { file: { bytes: png(302, 400) }, headers });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(SERVER_MSG.crossSite);
    }
  });
});

describe('remove', () => {
  it('goes back to the generated cover, deletes the file (its URL 404), audited; a second remove is refused', async () => {
    const old = (await novelRow(book.id)).thumb;
    const res = await sendRemove(book.id);
    expect(flashOf(res)).toBe(`/admin/content/novels/${book.id} ${C.coverRemoved('封面之书')}`);
    expect((await novelRow(book.id)).thumb).toBe(`/covers/${book.id}.svg`);
    expect((await serve(old)).status).toBe(404);
    expect(await stored(book.id)).toEqual([]);
    expect((await novelApi(book.id)).body.data.thumb).toBe(`/covers/${book.id}.svg`);
    const [audit] = (await auditOf('novel.cover')).slice(-1);
    expect(audit!.detail).toEqual({ before: { thumb: old }, after: { thumb: `/covers/${book.id}.svg` } });
    const audits = await auditCount();
    expect(flashOf(await sendRemove(book.id))).toBe(`/admin/content/novels/${book.id} ${C.coverNotUploaded}`);
    expect(await auditCount()).toBe(audits);
  });
});
