import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { GET } from '@/app/covers/[file]/route';
import { useTestDatabase } from './db';

useTestDatabase({ seed: true });

// docs/catalogue.md "Covers": the generated cover, its art alone for thumbnails, the banner and its art.
async function respond(file: string, query = '') {
  const req = new NextRequest(new URL(`/covers/${file}${query}`, 'http://localhost'));
  return GET(req, { params: Promise.resolve({ file }) });
}

async function get(file: string, query = '') {
  const res = await respond(file, query);
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

async function picture(file: string, query = '') {
  const res = await respond(file, query);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  const { width, height } = await sharp(bytes).metadata();
  // Not a flat fill: the gradient and the motif are drawn (a channel's values spread).
  const { channels } = await sharp(bytes).stats();
  return { bytes, width, height, spread: Math.max(...channels.slice(0, 3).map((c) => c.stdev)) };
}

describe('GET /covers/{id}.svg', () => {
  it('draws the cover with its title and author, and with ?art=1 the same picture without words', async () => {
    const full = await get('1.svg');
    expect(full.status).toBe(200);
    expect(full.type).toBe('image/svg+xml; charset=utf-8');
    expect(full.body).toMatch(/^<svg [^>]*width="300" height="400"/);
    expect(full.body).toContain('<text');

    const art = await get('1.svg', '?art=1');
    expect(art.status).toBe(200);
    expect(art.body).toMatch(/^<svg [^>]*width="300" height="400"/);
    expect(art.body).not.toContain('<text');
  });

  it('keeps the banner and its art apart from the cover', async () => {
    expect((await get('1.svg', '?banner=1')).body).toMatch(/^<svg [^>]*width="750" height="320"[\s\S]*<text/);
    const art = await get('1.svg', '?banner=1&art=1');
    expect(art.body).toMatch(/^<svg [^>]*width="750" height="320"/);
    expect(art.body).not.toContain('<text');
  });

  it.each([['0.svg'], ['x.svg'], ['1.png'], ['99999999.svg'], ['1.svg.svg']])('answers 404 for %s, with or without art', async (file) => {
    expect((await get(file)).status).toBe(404);
    expect((await get(file, '?art=1')).status).toBe(404);
  });
});

describe('GET /covers/{id}.webp', () => {
  it("draws a thumbnail's art as a small WebP, the same picture for every call", async () => {
    const art = await picture('1.webp');
    expect([art.width, art.height]).toEqual([192, 256]);
    expect(art.spread).toBeGreaterThan(5);
    expect(art.bytes.length).toBeLessThan(8_000);
    const [again, other] = await Promise.all([picture('1.webp'), picture('2.webp')]);
    expect(again.bytes.equals(art.bytes)).toBe(true);
    expect(other.bytes.equals(art.bytes)).toBe(false);
  });

  it("draws the banner's art at the carousel's 750 × 320 with ?banner=1", async () => {
    const banner = await picture('1.webp', '?banner=1');
    expect([banner.width, banner.height]).toEqual([750, 320]);
    expect(banner.spread).toBeGreaterThan(5);
  });

  it.each([['0.webp'], ['99999999.webp'], ['author-1.webp'], ['1.webp.webp'], ['1.jpeg'], ['-1.webp']])(
    'answers 404 for %s, without drawing anything',
    async (file) => {
      const res = await get(file, '?banner=1');
      expect(res.status).toBe(404);
      expect(res.type).not.toBe('image/webp');
    },
  );
});
