import { NextRequest } from 'next/server';
import { GET } from '@/app/covers/[file]/route';
import { useTestDatabase } from './db';

useTestDatabase({ seed: true });

// docs/catalogue.md "Covers": the generated cover, its art alone for thumbnails, the banner and its art.
async function get(file: string, query = '') {
  const req = new NextRequest(new URL(`/covers/${file}${query}`, 'http://localhost'));
  const res = await GET(req, { params: Promise.resolve({ file }) });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
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
