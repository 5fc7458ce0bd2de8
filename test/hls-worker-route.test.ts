import fs from 'node:fs';
import { NextRequest } from 'next/server';
import { GET } from '@/app/audio/hls.worker.js/route';

// docs/listening.md "Player rules": hls.js's transmuxing worker, served for the installed release only.
const installed = (JSON.parse(fs.readFileSync('node_modules/hls.js/package.json', 'utf8')) as { version: string }).version;

async function get(query: string) {
  const res = await GET(new NextRequest(new URL(`/audio/hls.worker.js${query}`, 'http://localhost')));
  return { status: res.status, headers: res.headers, body: await res.text() };
}

describe('GET /audio/hls.worker.js', () => {
  it("answers the installed hls.js's worker script, cacheable for good under its version", async () => {
    const res = await get(`?v=${installed}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(fs.readFileSync('node_modules/hls.js/dist/hls.worker.js', 'utf8'));
  });

  it.each([[''], ['?v='], ['?v=0.0.1'], [`?v=${installed}x`], ['?v=%FF'], [`?w=${installed}`]])(
    'answers 404 to a page of another release or a bad address (%s): its hls.js transmuxes on the page',
    async (query) => {
      const res = await get(query);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).not.toMatch(/javascript/);
    },
  );
});
