import { and, asc, eq, gt } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { GET } from '@/app/covers/share/[file]/route';
import { getDb } from '@/lib/server/db/client';
import { bookLists, chapters, novels } from '@/lib/server/db/schema';
import { renderShareImage } from '@/lib/server/sharing/image-card';
import { cjkChunksFor } from '@/lib/server/sharing/image-fonts';
import { cachedShareImageCount, cardVersion, shareCardFor } from '@/lib/server/sharing/share-images';
import { shareMetadata } from '@/lib/server/sharing/share-metadata';
import { useTestDatabase } from './db';

useTestDatabase({ seed: true });

async function get(file: string, query = '') {
  const req = new NextRequest(new URL(`/covers/share/${file}${query}`, 'http://localhost'));
  const res = await GET(req, { params: Promise.resolve({ file }) });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(buf.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

const firstNovel = async (languageType = 1) => {
  const [n] = await getDb()
    .select()
    .from(novels)
    .where(and(eq(novels.languageType, languageType), eq(novels.isOffShelf, false)))
    .orderBy(asc(novels.id))
    .limit(1);
  return n!;
};

describe('GET /covers/share/{subject}-{id}-{size}.png', () => {
  it('renders the novel card 1200 × 630 and the square 600 × 600 as PNG, immutable at the current version', async () => {
    const novel = await firstNovel();
    const card = (await shareCardFor('novel', novel.id))!;
    const wide = await get(`novel-${novel.id}-wide.png`, `?v=${cardVersion(card)}`);
    expect(wide.status).toBe(200);
    expect(wide.headers.get('content-type')).toBe('image/png');
    expect(wide.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(pngSize(wide.body)).toEqual({ width: 1200, height: 630 });
    const square = await get(`novel-${novel.id}-square.png`, `?v=${cardVersion(card)}`);
    expect(pngSize(square.body)).toEqual({ width: 600, height: 600 });
    // Without the version (or with an old one) the picture is the same but cached for minutes only.
    const plain = await get(`novel-${novel.id}-wide.png`, '?v=old');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=300');
    expect(plain.body.equals(wide.body)).toBe(true);
  });

  it('renders a chapter (its novel with the chapter title) and a book list', async () => {
    const [chapter] = await getDb().select().from(chapters).where(eq(chapters.isFree, false)).orderBy(asc(chapters.id)).limit(1);
    const res = await get(`chapter-${chapter!.id}-wide.png`);
    expect(res.status).toBe(200);
    expect(pngSize(res.body)).toEqual({ width: 1200, height: 630 });
    // A paid chapter's card carries titles only, never its text.
    const card = (await shareCardFor('chapter', chapter!.id))!;
    expect(card.subtitle).toBe(chapter!.title);
    expect(JSON.stringify(card)).not.toContain(chapter!.content.slice(0, 12));
    const [list] = await getDb().select().from(bookLists).orderBy(asc(bookLists.id)).limit(1);
    const listRes = await get(`booklist-${list!.id}-square.png`);
    expect(listRes.status).toBe(200);
    expect(pngSize(listRes.body)).toEqual({ width: 600, height: 600 });
  });

  it('renders the seeded Uyghur and Tibetan novels', async () => {
    for (const lang of [0, 2]) {
      const novel = await firstNovel(lang);
      for (const size of ['wide', 'square']) {
        const res = await get(`novel-${novel.id}-${size}.png`);
        expect(res.status).toBe(200);
        expect(pngSize(res.body).width).toBe(size === 'wide' ? 1200 : 600);
      }
    }
  });

  it('sets Uyghur, Tibetan and long mixed titles without error', async () => {
    const cards = [
      { title: 'ئۇيغۇرچە رومان ھېكايە', subtitle: 'بىرىنچى باب: باشلىنىش' },
      { title: 'བོད་ཀྱི་སྒྲུང་གཏམ་ཆེན་མོ་', subtitle: 'ལེའུ་དང་པོ་' },
      { title: '一'.repeat(200) + ' mixed ئۇيغۇر བོད་ <b>&amp;</b>', subtitle: '' },
    ];
    for (const c of cards) {
      const png = await renderShareImage('wide', { artId: 5, category: null, kicker: '书声 · 小说', ...c });
      expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    }
  });

  it('registers only the CJK font pieces a title needs', () => {
    expect(cjkChunksFor('书声').length).toBeGreaterThan(0);
    expect(cjkChunksFor('书声').length).toBeLessThanOrEqual(2);
    expect(cjkChunksFor('ئۇيغۇربོད་')).toEqual([]);
  });

  it('renders each image once for a burst of requests', async () => {
    const novel = await firstNovel();
    const before = cachedShareImageCount();
    const all = await Promise.all(Array.from({ length: 10 }, () => get(`novel-${novel.id + 1}-square.png`)));
    expect(all.every((r) => r.status === 200 && r.body.equals(all[0]!.body))).toBe(true);
    expect(cachedShareImageCount()).toBe(before + 1);
  });

  it.each([
    'novel-2000000000-wide.png',
    'novel-0-wide.png',
    'novel-99999999999-wide.png',
    'chapter-2000000000-square.png',
    'booklist-2000000000-wide.png',
    'author-1-wide.png',
    'novel-1-tall.png',
    'novel-1-wide.svg',
    'novel-1-wide.png.png',
  ])('answers 404 for %s', async (file) => {
    const res = await get(file);
    expect(res.status).toBe(404);
  });

  it('answers 404 for an off-shelf novel and an unpublished chapter', async () => {
    const novel = await firstNovel();
    await getDb().update(novels).set({ isOffShelf: true }).where(eq(novels.id, novel.id));
    expect((await get(`novel-${novel.id}-wide.png`)).status).toBe(404);
    await getDb().update(novels).set({ isOffShelf: false }).where(eq(novels.id, novel.id));
    const [later] = await getDb().select().from(chapters).where(gt(chapters.publishedAt, new Date())).limit(1);
    const [c] = later ? [later] : await getDb().select().from(chapters).orderBy(asc(chapters.id)).limit(1);
    if (!later)
      await getDb()
        .update(chapters)
        .set({ publishedAt: new Date(Date.now() + 86_400_000) })
        .where(eq(chapters.id, c!.id));
    expect((await get(`chapter-${c!.id}-wide.png`)).status).toBe(404);
  });
});

describe('shareMetadata', () => {
  it('points og:image at the versioned 1200 × 630 PNG and asks for a large Twitter card', async () => {
    const novel = await firstNovel();
    const meta = (await shareMetadata('novel', novel.id, { title: 't', description: 'd' }))!;
    const image = (meta.openGraph.images as Array<{ url: string; width: number; height: number; type: string }>)[0]!;
    expect(image).toMatchObject({ width: 1200, height: 630, type: 'image/png' });
    expect(image.url).toMatch(new RegExp(`^/covers/share/novel-${novel.id}-wide\\.png\\?v=[0-9a-f]{12}$`));
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image' });
    expect(meta.squareImage).toMatch(/-square\.png\?v=/);
    expect(await shareMetadata('novel', 2_000_000_000, { title: 't', description: 'd' })).toBeNull();
  });
});
